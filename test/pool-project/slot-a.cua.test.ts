import { existsSync, writeFileSync } from 'node:fs'
import { getCompileCacheDir } from 'node:module'
import { join } from 'node:path'
import { expect, test } from 'agentprobe/vitest'

// Each slot holds its lease until it sees the other's mark: both leases are held at once, or it times out.
test('slot a holds its own display and browser', async ({ browser, screen }) => {
  const start = Date.now()
  const marks = process.env.POOL_MARKS!
  writeFileSync(join(marks, 'slot-a'), '')
  while (!existsSync(join(marks, 'slot-b'))) {
    if (Date.now() - start > 120_000) throw new Error('slot b never held its lease while slot a did')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const frame = await screen.capture()
  expect(frame.width).toBe(1280)
  const { display, endpoint, pid } = browser.lease
  if (endpoint.browser !== 'chromium') throw new Error(`this project runs Chromium, got ${endpoint.browser}`)
  console.log(`LEASE file=a display=${display} port=${endpoint.port} pid=${pid} start=${start} end=${Date.now()} compileCache=${getCompileCacheDir() ?? 'off'}`)
})

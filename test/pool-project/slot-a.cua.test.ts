import { expect, test } from 'agentprobe/vitest'

test('slot a holds its own display and browser', async ({ browser, screen }) => {
  const start = Date.now()
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const frame = await screen.capture()
  expect(frame.width).toBe(1280)
  const { display, endpoint, pid } = browser.lease
  console.log(`LEASE file=a display=${display} port=${endpoint.port} pid=${pid} start=${start} end=${Date.now()}`)
})

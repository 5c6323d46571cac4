// Watch mode as a developer uses it: a rebuild of the extension reruns its tests in place, the
// extension reloaded, the browser not restarted.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { root, watchPoolProject } from './watch-vitest.ts'

it('reruns on an extension change, reloads it, and keeps the same browser', async () => {
  const extension = await mkdtemp(join(tmpdir(), 'agentprobe-watch-ext-'))
  await cp(join(root, 'fixtures/extensions/sidepanel'), extension, { recursive: true })
  const { vitest, waitFor, clear, output } = watchPoolProject('panel', { POOL_EXTENSION: extension, POOL_ARTIFACTS: join(extension, '..', 'watch-artifacts') })
  try {
    const first = await waitFor(/WATCH-RESULT pid=(\d+) heading=Sidepanel UI\b/)
    await waitFor(/Waiting for file changes/)
    clear()
    const html = join(extension, 'sidepanel.html')
    await writeFile(html, (await readFile(html, 'utf8')).replace('<h1>Sidepanel UI</h1>', '<h1>Sidepanel UI v2</h1>'))
    const reload = await waitFor(/extension reloaded in (\d+) ms in (\d+) browser/)
    const second = await waitFor(/WATCH-RESULT pid=(\d+) heading=Sidepanel UI v2/)
    await waitFor(/Waiting for file changes/)
    expect(second[1]).toBe(first[1])
    expect(Number(reload[2])).toBeGreaterThanOrEqual(1)
    expect(output()).toMatch(/1 passed/)
    console.log(`watch rerun: extension reloaded in ${reload[1]} ms`)
  } finally {
    vitest.kill('SIGTERM')
    await vitest
  }
})

// A browser that dies mid-run fails the test as target_crashed, and the trace is still written.
import CDP from 'chrome-remote-interface'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'agentprobe/vitest'

test('a crash mid-run is target_crashed, with artifacts kept', async ({ agent, chrome, session }) => {
  const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { webSocketDebuggerUrl: string }
  const running = agent.do('Wait 3 seconds, then click the extension icon.').catch((e: unknown) => e)
  setTimeout(async () => {
    const browser = await CDP({ target: version.webSocketDebuggerUrl })
    await browser.send('Browser.crash').catch(() => undefined)
  }, 500)
  const error = await running
  expect(error).toMatchObject({ code: 'AGENTPROBE_TEST_FAILED', failures: expect.arrayContaining([expect.objectContaining({ type: 'target_crashed' })]) })
  expect(String(error)).toMatch(/trace: .*trace\.json/)
  const trace = JSON.parse(await readFile(join(session.writer.dir, 'trace.json'), 'utf8'))
  expect(trace.runs[0].status).toBe('failed')
  expect(trace.runs[0].failures.map((f: { type: string }) => f.type)).toContain('target_crashed')
})

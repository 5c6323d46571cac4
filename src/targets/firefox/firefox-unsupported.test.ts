import { expect, it } from 'vitest'
import { FirefoxHelpers } from './firefox-helpers.ts'
import { FIREFOX_INSTEAD, type ChromiumOnly } from './firefox-unsupported.ts'

it("rejects every Chromium-only helper with a ConfigError naming it and the Firefox way, never resolving as a no-op", async () => {
  const call = () => Promise.reject(new Error('no BiDi command is sent for a helper Firefox lacks'))
  const helpers = new FirefoxHelpers({ port: 1, version: 'Mozilla Firefox 153.8.0esr', extensionId: 'a@b', call, signal: new AbortController().signal })
  for (const name of Object.keys(FIREFOX_INSTEAD) as ChromiumOnly[]) {
    const run = (helpers[name] as () => Promise<unknown>)()
    await expect(run, name).rejects.toMatchObject({ code: 'AGENTPROBE_CONFIG', message: expect.stringContaining(`chrome.${name}() ${FIREFOX_INSTEAD[name]}`) })
  }
  expect(FIREFOX_INSTEAD.stopServiceWorker).toMatch(/event page/)
})

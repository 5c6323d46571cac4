import { expect, it } from 'vitest'
import { FirefoxHelpers } from './firefox-helpers.ts'
import { armGesture } from './user-gesture.ts'

it('arms a button whose click runs the expression synchronously inside the handler, then removes itself', () => {
  const armed = armGesture("document.querySelector('#grant').click()")
  expect(() => new Function(`return ${armed}`)).not.toThrow()
  expect(armed).toContain("button.remove()\n    globalThis.agentprobeGesture = (async () => (document.querySelector('#grant').click()))()")
})

it("refuses a user gesture in the add-on's background with a ConfigError naming the tab way, sending no script", async () => {
  const state = { baseUrl: 'moz-extension://u/', backgroundState: 'running', views: [{ type: 'background', url: 'moz-extension://u/_generated_background_page.html', title: '', inTab: false }], tabs: [] }
  const sent: string[] = []
  const call = async (method: string, params: Record<string, unknown> = {}) => {
    sent.push(method)
    if (method === 'browsingContext.getTree') return { contexts: params['moz:scope'] === 'chrome' ? [{ context: 'window', url: 'chrome://browser/content/browser.xhtml' }] : [] }
    if (method === 'script.callFunction') return { type: 'success', result: { type: 'string', value: JSON.stringify(state) } }
    throw new Error(`unexpected ${method}`)
  }
  const helpers = new FirefoxHelpers({ port: 1, version: 'Mozilla Firefox 153.8.0esr', extensionId: 'a@b', call: call as never, signal: new AbortController().signal })
  await expect(helpers.evaluate({ type: 'service_worker' }, 'browser.permissions.request({ origins: [] })', { userGesture: true })).rejects.toMatchObject({
    code: 'AGENTPROBE_CONFIG',
    message: expect.stringContaining('open the page in a tab (chrome.openExtensionPage)'),
  })
  expect(sent).not.toContain('script.evaluate')
})

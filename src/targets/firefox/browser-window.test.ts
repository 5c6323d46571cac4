import { expect, it } from 'vitest'
import { BrowserWindow } from './browser-window.ts'

/** A BiDi session whose one chrome context is the browser window; `answer` is what script.callFunction returns. */
function session(answer: unknown) {
  const calls: { method: string; params: Record<string, unknown> }[] = []
  const call = async (method: string, params: Record<string, unknown> = {}) => {
    calls.push({ method, params })
    return (method === 'browsingContext.getTree' ? { contexts: [{ context: 'w1', url: 'chrome://browser/content/browser.xhtml' }] } : answer) as never
  }
  return { calls, window: new BrowserWindow(call) }
}

it("sets the default zoom in the browser window, as Firefox's settings page does: the global browser.content.full-zoom content pref", async () => {
  const { calls, window } = session({ type: 'success', result: { type: 'boolean', value: true } })
  await window.setDefaultZoom(1.5)
  const set = calls.find((c) => c.method === 'script.callFunction')!
  expect(set.params).toMatchObject({ target: { context: 'w1' }, arguments: [{ type: 'string', value: '1.5' }], awaitPromise: true })
  expect(set.params.functionDeclaration).toMatch(/setGlobal\('browser\.content\.full-zoom', Number\(zoom\), null/)
})

it('says so when Firefox refuses it, so a run never goes on at 100%', async () => {
  const { window } = session({ type: 'exception', exceptionDetails: { text: 'NS_ERROR_FAILURE' } })
  await expect(window.setDefaultZoom(2)).rejects.toThrow("Firefox's browser window threw: NS_ERROR_FAILURE")
})

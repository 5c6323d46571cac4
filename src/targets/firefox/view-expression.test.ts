import { expect, it } from 'vitest'
import { inView } from './view-expression.ts'

const POPUP = 'moz-extension://u/popup.html'

// The source runs in a sloppy script; here a stand-in window plays the view.
function run(source: string, view: unknown) {
  const browser = { extension: { getViews: () => [view] }, runtime: { getBackgroundPage: async () => view } }
  return new Function('browser', `return ${source}`)(browser) as Promise<unknown>
}

it("runs the expression with the view's globals first in scope", async () => {
  const view = { location: { href: POPUP }, document: { title: 'Tally Both' }, count: 2 }
  await expect(run(inView('popup', POPUP, 'document.title + " " + count'), view)).resolves.toBe('Tally Both 2')
  await expect(run(inView('background', 'moz-extension://u/_generated_background_page.html', 'count * 2'), view)).resolves.toBe(4)
})

it('says which view closed, rather than evaluating in the tab', async () => {
  await expect(run(inView('popup', POPUP, '1'), { location: { href: 'moz-extension://u/other.html' } })).rejects.toThrow('the popup moz-extension://u/popup.html is no longer open')
})

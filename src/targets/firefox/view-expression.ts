// An extension's popup, sidebar and background page are no WebDriver BiDi context on Firefox, but
// they share a process with every page of the add-on: from a tab on one of its pages,
// `browser.extension.getViews()` and `runtime.getBackgroundPage()` hand over their window objects.
// The expression is then run with that window's globals first in scope (`with`): `document`,
// `chrome.storage`, a `var` or function at the page's top level. Not its top-level `let`/`const`
// (they are no property of the window), and it must be one expression (`eval` there is refused by
// the extension's CSP, measured). BiDi's own evaluation in the tab is not bound by that CSP.

/** Where the view's window comes from, in the tab's realm. */
export function viewWindow(type: string, url: string): string {
  if (type === 'background') return 'browser.runtime.getBackgroundPage()'
  const kind = JSON.stringify(type)
  return `Promise.resolve(browser.extension.getViews({ type: ${kind} }).find((view) => view.location.href === ${JSON.stringify(url)}))`
}

/** The source BiDi evaluates in an extension tab to run `expression` in the view `type` at `url`. */
export function inView(type: string, url: string, expression: string): string {
  return `${viewWindow(type, url)}.then(function (agentprobeView) {
  if (!agentprobeView) throw new Error(${JSON.stringify(`the ${type} ${url} is no longer open`)})
  with (agentprobeView) { return (
${expression}
) }
})`
}

// What the cases' ground-truth checks are made of: fresh tabs marked with a query string of
// their own (so a tab the agent left open is never the one judged), expressions that poll the
// DOM, and clicks that only land when a user could see the element. Through the browser seam's
// `chrome` fixture (CDP on Chromium, WebDriver BiDi on Firefox), no model, no OCR.
import type { ChromeFixture } from '../src/targets/browser.ts'

let opened = 0

/** Evaluates in the tab a check opened, or in the service worker; `userGesture` for APIs that demand one (permissions.request). */
export type Evaluate = <T = unknown>(expression: string, timeoutMs?: number, options?: { userGesture?: boolean }) => Promise<T>

export interface CheckTab {
  /** The tab's mark, e.g. '?truth=3': pages the tab navigates to may keep it (location.search). */
  mark: string
  evaluate: Evaluate
}

/** Opens `url` with a fresh mark in a new tab, runs `check` in it, closes it. */
export function inTab<T>(chrome: ChromeFixture, url: string, check: (tab: CheckTab) => Promise<T>): Promise<T> {
  return inMarkedTab(chrome, (mark) => chrome.openPage(`${url}${url.includes('?') ? '&' : '?'}${mark}`), check)
}

/** Opens the extension's page `path` (chrome-extension:// or moz-extension://) in a marked tab (see inTab). */
export function inExtensionPage<T>(chrome: ChromeFixture, path: string, check: (tab: CheckTab) => Promise<T>): Promise<T> {
  if (chrome.extensionId === undefined) throw new Error(`the check needs ${path} of the extension, but no extension is loaded`)
  return inMarkedTab(chrome, (mark) => chrome.openExtensionPage(`${path}${path.includes('?') ? '&' : '?'}${mark}`), check)
}

async function inMarkedTab<T>(chrome: ChromeFixture, open: (mark: string) => Promise<{ id: string }>, check: (tab: CheckTab) => Promise<T>): Promise<T> {
  const mark = `truth=${process.pid}-${++opened}`
  const target = await open(mark)
  try {
    return await check({ mark, evaluate: (expression, timeout = 5000, options = {}) => chrome.evaluate({ url: mark }, expression, { ...options, timeout: timeout + 1000 }) })
  } finally {
    await chrome.closeTarget(target.id).catch(() => undefined)
  }
}

/** The URLs of the extension's page `path`, on either browser (its origin is the extension's: one is loaded). */
function extensionPageUrl(path: string): RegExp {
  return new RegExp(`^(chrome|moz)-extension://[^/]+/${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
}

/** Evaluates in the extension's background: Chromium's service worker, Firefox's background page (started if idle). */
export function inWorker<T = unknown>(chrome: ChromeFixture, expression: string): Promise<T> {
  return chrome.evaluate<T>({ type: 'service_worker', url: /^(chrome|moz)-extension:\/\// }, expression)
}

/**
 * An expression that resolves to the text of `selector` once it equals `wanted`, or to the last
 * text seen (null when absent) after `timeoutMs`: a check compares the result with `wanted`.
 */
export function textOf(selector: string, wanted: string, timeoutMs = 3000): string {
  return `(async () => {
    const deadline = Date.now() + ${timeoutMs}
    for (;;) {
      const text = document.querySelector(${JSON.stringify(selector)})?.textContent?.trim() ?? null
      if (text === ${JSON.stringify(wanted)} || Date.now() >= deadline) return text
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()`
}

/** Polls the text of `selector` in the tab until it equals `wanted`, or times out: whether it did. */
export async function shows(tab: CheckTab, selector: string, wanted: string, timeoutMs = 3000): Promise<boolean> {
  return (await tab.evaluate<string | null>(textOf(selector, wanted, timeoutMs), timeoutMs)) === wanted
}

/**
 * Clicks `selector` only if a user could: it is laid out, and the topmost element at its centre
 * is it (not hidden, covered or zero-sized). Waits up to `timeoutMs` for that; whether it clicked.
 * `userGesture` makes the click count as a user's, for handlers that call chrome.permissions.request.
 */
export function clickVisible(tab: CheckTab, selector: string, timeoutMs = 2000, { userGesture = false } = {}): Promise<boolean> {
  return tab.evaluate<boolean>(
    `(async () => {
      const deadline = Date.now() + ${timeoutMs}
      for (;;) {
        const el = document.querySelector(${JSON.stringify(selector)})
        const box = el?.getBoundingClientRect()
        if (el && box.width > 0 && box.height > 0) {
          el.scrollIntoView({ block: 'center' })
          const at = el.getBoundingClientRect()
          const hit = document.elementFromPoint(at.x + at.width / 2, at.y + at.height / 2)
          if (hit && (hit === el || el.contains(hit))) {
            el.click()
            return true
          }
        }
        if (Date.now() >= deadline) return false
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()`,
    timeoutMs,
    { userGesture },
  )
}

/**
 * Clicks `click` on the extension page `from` and returns the heading of the extension page
 * `opens` that the click brings up in a tab, or undefined when none comes within 3 s. Tabs of
 * `opens` already open (say, the agent's) are closed first: openOptionsPage would only focus them.
 */
export function headingOfOpenedPage(chrome: ChromeFixture, { from, click, opens }: { from: string; click: string; opens: string }): Promise<string | undefined> {
  return inExtensionPage(chrome, from, async (tab) => {
    const url = extensionPageUrl(opens)
    for (const open of await chrome.targets({ type: 'page', url })) await chrome.closeTarget(open.id)
    if (!(await clickVisible(tab, click))) return undefined
    // Under a loaded machine (a full bench, two browsers) the tab can take seconds to appear, and a
    // heading read the moment it does finds a document not yet parsed: both read as "broken".
    const opened = await chrome.waitForTarget({ type: 'page', url }, { timeout: 6000 }).catch(() => undefined)
    if (opened === undefined) return undefined
    try {
      return (await readOpenedPage<string | null>(chrome, url, FIRST_HEADING)) ?? undefined
    } finally {
      await chrome.closeTarget(opened.id)
    }
  })
}

/**
 * Reads `expression` (it must only read) in a tab the extension just opened or navigated. Such a
 * tab can show its URL while it still holds its previous document: the read then meets the
 * navigation that replaces it ("Execution context was destroyed", seen on a loaded machine), and is
 * made again in the new document.
 */
export async function readOpenedPage<T>(chrome: ChromeFixture, url: string | RegExp, expression: string, tries = 3): Promise<T> {
  try {
    return await chrome.evaluate<T>({ url }, expression, { timeout: 5000 })
  } catch (error) {
    if (tries > 1 && /Execution context was destroyed/.test(String(error))) return readOpenedPage(chrome, url, expression, tries - 1)
    throw error
  }
}

/** The page's first heading once the document has one with text (3 s at most), else null. */
const FIRST_HEADING = `(async () => {
  const deadline = Date.now() + 3000
  for (;;) {
    const text = document.querySelector('h1')?.textContent?.trim()
    if (text || Date.now() >= deadline) return text || null
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
})()`

/** Sets a text field's value as typing would (input event included). */
export function fill(tab: CheckTab, selector: string, value: string): Promise<void> {
  return tab.evaluate(
    `(() => { const el = document.querySelector(${JSON.stringify(selector)}); el.value = ${JSON.stringify(value)}; el.dispatchEvent(new Event('input', { bubbles: true })) })()`,
  )
}

// Firefox's pages as the `chrome` fixture lists targets: every tab as a `page` (BiDi's own context
// id), and the add-on's views BiDi does not list, from the browser window's record: its popup and
// sidebar as a `page` (as Chromium lists its popup and side panel), its background as a
// `background_page` (an event page in Firefox, where Chromium has a service worker). An options page
// about:addons embeds (options_ui without open_in_tab) is a 'tab' view in no tab: BiDi lists only
// about:addons, so it is listed as a `page` of its own, as the popup is.
import type { TargetFilter, TargetInfo } from '../chrome/match-target.ts'
import type { WindowState } from './browser-window.ts'

/** A view's target id: the pages BiDi does not list are named by kind and URL. */
export const viewId = (type: string, url: string) => `${type}:${url}`
export const BACKGROUND_TYPE = 'background_page'

/** The tabs BiDi lists (top level) and the add-on's other views, as targets. */
export function firefoxTargets(tree: { context: string; url: string }[], state: WindowState): TargetInfo[] {
  const titles = [...state.tabs]
  const tabs = tree.map(({ context, url }) => {
    // A tab's title comes from the window's tab of the same URL, in order.
    const at = titles.findIndex((tab) => tab.url === url)
    const title = at === -1 ? '' : titles.splice(at, 1)[0]!.title
    return { id: context, type: 'page', url, title }
  })
  const views = state.views.flatMap(({ type, url, title, inTab }): TargetInfo[] => {
    if (inTab) return [] // listed above, with BiDi's id
    if (type === 'background') return [{ id: viewId(type, url), type: BACKGROUND_TYPE, url, title }]
    return [{ id: viewId(type, url), type: 'page', url, title }]
  })
  return [...tabs, ...views]
}

/** A Chromium test's filter for Firefox: the extension's service worker is, on Firefox, its background page. */
export function firefoxFilter(filter: TargetFilter): TargetFilter {
  return filter.type === 'service_worker' ? { ...filter, type: BACKGROUND_TYPE } : filter
}

/** The BiDi context of a tab target; undefined for a view (popup, sidebar, background). */
export function tabContext(target: TargetInfo): string | undefined {
  return target.id.includes(':') ? undefined : target.id
}

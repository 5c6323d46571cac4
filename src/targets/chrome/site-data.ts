// What web sites leave in the profile between test files. A launch starts with no cookie and no
// site storage; a reset keeps the profile, so a login on the page under test (its cookie, its
// localStorage, IndexedDB, Cache Storage, service worker) was still there in every later file.
// CDP clears a site's stores only by origin, and lists no origins, so the sites are found where the
// browser shows them: each cookie's host, each target's URL, and each tab's back and forward entries.
import type { ChromeHelpers } from './cdp.ts'

interface Cookie {
  domain: string
}

/** The http(s) origins the browser holds data of, as far as it shows them (see above). */
export async function siteOrigins(chrome: ChromeHelpers): Promise<string[]> {
  const { cookies } = await chrome.pipe<{ cookies: Cookie[] }>('Storage.getCookies')
  const targets = await chrome.targets()
  const histories = await Promise.all(
    targets
      .filter((t) => t.type === 'page')
      // (a page that closed since it was listed has no entries left to clear after)
      .map((page) => chrome.session(page.id, (s) => s.send<{ entries: { url: string }[] }>('Page.getNavigationHistory')).catch(() => ({ entries: [] }))),
  )
  const urls = [...targets.map((t) => t.url), ...histories.flatMap((h) => h.entries.map((e) => e.url))]
  const hosts = cookies.map((c) => c.domain.replace(/^\./, ''))
  return [...new Set([...urls.flatMap(webOrigin), ...hosts.flatMap((host) => [`http://${host}`, `https://${host}`])])].sort()
}

/** Every cookie removed, and the stores of each of `origins` cleared through a session on tab `tabId` (the browser's own session answers "Internal error"). */
export async function clearSiteData(chrome: ChromeHelpers, origins: readonly string[], tabId: string): Promise<void> {
  await chrome.pipe('Storage.clearCookies')
  if (origins.length === 0) return
  await chrome.session(tabId, async (s) => {
    for (const origin of origins) await s.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
  })
}

function webOrigin(url: string): string[] {
  if (!/^https?:/.test(url)) return []
  try {
    return [new URL(url).origin]
  } catch {
    return []
  }
}

// What Firefox makes of a manifest, said before launch with the field to change. Measured on Firefox
// ESR 153.8: an MV3 `background.service_worker` without `background.scripts` is refused at install
// ("background.service_worker is currently disabled. Add background.scripts."); a Chrome-only key
// such as `side_panel` is ignored; without a gecko id Firefox makes an add-on id up at install, so
// its toolbar button cannot be placed before launch and stays in the extensions menu.
import { ConfigError } from '../../core/errors.ts'

export interface FirefoxManifestProblem {
  /** The manifest field to change, e.g. 'background.scripts'. */
  field: string
  /** 'refused': Firefox does not install the extension; 'limited': it installs without what the field promises. */
  kind: 'refused' | 'limited'
  detail: string
  fix: string
}

const record = (value: unknown): Record<string, unknown> | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined)
const hasScripts = (background: Record<string, unknown> | undefined) => Array.isArray(background?.scripts) && background.scripts.length > 0

/** The gecko id a manifest declares (`browser_specific_settings.gecko.id`, or the older `applications.gecko.id`), if any. */
export function geckoId(manifest: Record<string, unknown>): string | undefined {
  for (const key of ['browser_specific_settings', 'applications']) {
    const gecko = (manifest[key] as { gecko?: { id?: unknown } } | undefined)?.gecko
    if (typeof gecko?.id === 'string' && gecko.id !== '') return gecko.id
  }
  return undefined
}

/** The field that says the extension ships for Firefox too (a gecko block, `sidebar_action`, `background.scripts`), if one does. */
export function firefoxField(manifest: Record<string, unknown>): string | undefined {
  for (const key of ['browser_specific_settings', 'applications']) if (record(record(manifest[key])?.gecko)) return `${key}.gecko`
  if (record(manifest.sidebar_action)) return 'sidebar_action'
  if (hasScripts(record(manifest.background))) return 'background.scripts'
  return undefined
}

/** What in `manifest` Firefox refuses or ignores; none for a manifest it runs as written. */
export function firefoxManifestProblems(manifest: Record<string, unknown>): FirefoxManifestProblem[] {
  const problems: FirefoxManifestProblem[] = []
  const background = record(manifest.background)
  if (typeof background?.service_worker === 'string' && !hasScripts(background) && background.page === undefined) {
    problems.push({
      field: 'background.service_worker',
      kind: 'refused',
      detail: 'Firefox runs no extension service worker and refuses the install ("background.service_worker is currently disabled. Add background.scripts.")',
      fix: `add "scripts": ["${background.service_worker}"] beside "service_worker" in "background" (Chromium uses the worker, Firefox the scripts)`,
    })
  }
  if (manifest.manifest_version === 3 && geckoId(manifest) === undefined) {
    problems.push({
      field: 'browser_specific_settings.gecko.id',
      kind: 'limited',
      detail: "no gecko id: Firefox makes an add-on id up at install, so the toolbar button cannot be placed before launch and stays in the extensions menu, where a click on 'the extension icon in the toolbar' finds nothing",
      fix: 'add "browser_specific_settings": { "gecko": { "id": "name@your.domain" } } to manifest.json',
    })
  }
  if (record(manifest.side_panel) && !record(manifest.sidebar_action)) {
    problems.push({
      field: 'side_panel',
      kind: 'limited',
      detail: "side_panel is Chrome's: Firefox ignores it, and chrome.sidePanel does not exist there",
      fix: `add "sidebar_action": { "default_panel": "${String(record(manifest.side_panel)?.default_path ?? 'sidepanel.html')}" } for Firefox's sidebar`,
    })
  }
  return problems
}

/** A ConfigError naming every field Firefox would refuse, thrown before Firefox starts; undefined when there is none. */
export function firefoxRefusal(problems: readonly FirefoxManifestProblem[], manifestPath: string): ConfigError | undefined {
  const refused = problems.filter((p) => p.kind === 'refused')
  if (refused.length === 0) return undefined
  const lines = refused.map((p) => `${p.field}: ${p.detail}; ${p.fix}`)
  return new ConfigError(`Firefox would refuse ${manifestPath}:\n${lines.join('\n')}`, { context: { fields: refused.map((p) => p.field) } })
}

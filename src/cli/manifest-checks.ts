// The extension's manifest as `agentprobe doctor` sees it: MV3, and every file it names (side
// panel, popup, service worker, icons, content scripts…) present — Chromium blocks its start on a missing one.
import { access } from 'node:fs/promises'
import { join } from 'node:path'
import { errorMessage, isAgentprobeError } from '../core/errors.ts'
import { manifestVersionProblem } from '../core/manifest-json.ts'
import { loadExtensionDir } from '../targets/chrome/extension-dir.ts'
import { firefoxField, firefoxManifestProblems } from '../targets/firefox/firefox-manifest.ts'
import { localizedName } from '../browser-pool/localized-name.ts'
import { localeMessages } from '../targets/locale-messages.ts'
import { readManifest } from '../targets/read-manifest.ts'
import type { Check } from './check.ts'

interface Manifest {
  manifest_version?: unknown
  name?: unknown
  version?: unknown
  default_locale?: string
  permissions?: unknown
  side_panel?: { default_path?: unknown }
  action?: { default_popup?: unknown; default_icon?: unknown }
  background?: { service_worker?: unknown }
  icons?: unknown
}

export async function checkManifest(dir: string, shown: string): Promise<Check[]> {
  let manifest: Manifest
  try {
    manifest = (await readManifest(dir)).manifest as Manifest
  } catch (error) {
    const missing = isAgentprobeError(error) && error.context.missing === true
    return [{
      name: 'manifest',
      status: 'fail',
      detail: missing ? `${shown}/manifest.json does not exist` : errorMessage(error),
      fix: missing ? 'build the extension first (npm run build), or pass --extension DIR' : `fix the JSON in ${shown}/manifest.json`,
    }]
  }
  const exists = (file: string) => access(join(dir, file)).then(() => true, () => false)
  const named = async (name: string, field: string, value: unknown, absent: string): Promise<Check> => {
    if (value === undefined) return { name, status: 'skip', detail: absent }
    if (typeof value !== 'string') return { name, status: 'fail', detail: `${field} must be a file path`, fix: `set ${field} in manifest.json to a file path` }
    return (await exists(value))
      ? { name, status: 'ok', detail: `${field}: ${value}` }
      : { name, status: 'fail', detail: `${field} names ${value}, which is not in ${shown}`, fix: `add ${shown}/${value}, or fix ${field} in manifest.json` }
  }
  const sidePanel = await named('side panel', 'side_panel.default_path', manifest.side_panel?.default_path, 'no side_panel declared')
  const permissions = Array.isArray(manifest.permissions) ? manifest.permissions : []
  if (sidePanel.status === 'ok' && !permissions.includes('sidePanel')) {
    Object.assign(sidePanel, { status: 'fail', detail: `${sidePanel.detail}, but "sidePanel" is not in permissions`, fix: 'add "sidePanel" to "permissions" in manifest.json' })
  }
  // (a __MSG_ name as Chrome shows it; a broken message is the 'loads' line's to report)
  const name = typeof manifest.name === 'string' ? await localizedName(dir, manifest.name, manifest.default_locale).catch(() => manifest.name) : manifest.name
  const checks: Check[] = [
    manifest.manifest_version === 3
      ? { name: 'manifest', status: 'ok', detail: `${String(name)} ${String(manifest.version)}, manifest_version 3` }
      : { name: 'manifest', status: 'fail', detail: `manifest_version is ${JSON.stringify(manifest.manifest_version)}, not 3 — ${manifestVersionProblem(manifest as Record<string, unknown>, `${shown}/manifest.json`)}`, fix: 'set "manifest_version": 3 and migrate to Manifest V3 (current Chromium no longer loads MV2)' },
    sidePanel,
    await named('popup', 'action.default_popup', manifest.action?.default_popup, 'no action.default_popup: a click on the icon fires chrome.action.onClicked'),
    await named('worker', 'background.service_worker', manifest.background?.service_worker, 'no background.service_worker'),
    await checkIcons(manifest, shown, exists),
    await checkLocales(dir, shown),
  ]
  // The launcher's own check catches the rest (content scripts, options page, locales), once the lines above pass.
  const failed = checks.some((c) => c.status === 'fail')
  const loads: Check = failed ? { name: 'loads', status: 'skip', detail: 'checked once the lines above pass' } : await checkLoadable(dir)
  return [...checks, loads, checkFirefoxManifest(manifest as Record<string, unknown>, shown)]
}

/** What Firefox would refuse or ignore, for a manifest that says it ships for Firefox; Chromium's lines above are not affected. */
export function checkFirefoxManifest(manifest: Record<string, unknown>, shown: string): Check {
  const field = firefoxField(manifest)
  if (field === undefined) return { name: 'on firefox', status: 'skip', detail: 'not declared for Firefox (no browser_specific_settings.gecko, sidebar_action or background.scripts)' }
  const problems = firefoxManifestProblems(manifest)
  const worst = problems.find((p) => p.kind === 'refused') ?? problems[0]
  if (worst === undefined) return { name: 'on firefox', status: 'ok', detail: `${field}: Firefox installs it as written` }
  const others = problems.length > 1 ? ` (and ${problems.filter((p) => p !== worst).map((p) => p.field).join(', ')})` : ''
  return { name: 'on firefox', status: worst.kind === 'refused' ? 'fail' : 'warn', detail: `${worst.field}: ${worst.detail}${others}`, fix: `${worst.fix} in ${shown}/manifest.json` }
}

/** Every file and message the manifest names, checked as the launcher checks them before Chromium starts. */
async function checkLoadable(dir: string): Promise<Check> {
  try {
    await loadExtensionDir(dir)
    return { name: 'loads', status: 'ok', detail: 'every file and message the manifest names is there' }
  } catch (error) {
    return { name: 'loads', status: 'fail', detail: errorMessage(error), fix: 'build the extension, or fix the field the message names' }
  }
}

/** The languages the extension ships, and the messages any of them lacks (Chromium shows the default's text there). */
async function checkLocales(dir: string, shown: string): Promise<Check> {
  const messages = await localeMessages(dir).catch((error: unknown) => errorMessage(error))
  if (messages === undefined) return { name: 'locales', status: 'skip', detail: 'no default_locale: one language' }
  if (typeof messages === 'string') return { name: 'locales', status: 'fail', detail: messages, fix: `fix ${shown}/_locales` }
  const gaps = Object.entries(messages.missing).map(([locale, names]) => `${locale} lacks ${names.map((n) => `'${n}'`).join(', ')}`)
  const shipped = `${messages.locales.join(', ')} (default ${messages.defaultLocale})`
  return gaps.length === 0
    ? { name: 'locales', status: 'ok', detail: `${shipped}, each with every message` }
    : { name: 'locales', status: 'warn', detail: `${shipped}; ${gaps.join('; ')}: Chromium shows the ${messages.defaultLocale} text there`, fix: `add the missing messages to ${shown}/_locales/<locale>/messages.json` }
}

async function checkIcons(manifest: Manifest, shown: string, exists: (file: string) => Promise<boolean>): Promise<Check> {
  const files = [...new Set([...iconFiles(manifest.icons), ...iconFiles(manifest.action?.default_icon)])]
  if (files.length === 0) {
    return { name: 'icons', status: 'warn', detail: "none declared: the toolbar shows Chrome's letter tile, which the offline model finds by the toolbar's layout (the pinned slot), not by an image", fix: 'add "icons": { "16": …, "48": …, "128": … } to manifest.json' }
  }
  const missing = []
  for (const file of files) if (!(await exists(file))) missing.push(file)
  return missing.length === 0
    ? { name: 'icons', status: 'ok', detail: `${files.length} file(s) present` }
    : { name: 'icons', status: 'fail', detail: `missing in ${shown}: ${missing.join(', ')}`, fix: `add ${missing.join(', ')} to ${shown}, or fix "icons"/"action.default_icon"` }
}

function iconFiles(icons: unknown): string[] {
  if (typeof icons === 'string') return [icons]
  if (typeof icons !== 'object' || icons === null) return []
  return Object.values(icons).filter((v): v is string => typeof v === 'string')
}

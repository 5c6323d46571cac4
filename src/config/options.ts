// The options a user gives (plugin or CLI), and their resolved, serialisable form that travels
// from Vitest's main process to its workers.
import { isAbsolute, resolve } from 'node:path'
import { CASSETTE_MODES, type CassetteMode } from '../core/cassette.ts'
import { ConfigError } from '../core/errors.ts'
import type { Size } from '../core/frame.ts'
import { BROWSER_NAMES, type BrowserName, type ColorScheme } from '../targets/browser.ts'
import type { HistoryLocation } from '../history/open-store.ts'
import { serverAddress } from '../history/server-address.ts'
import type { AndroidOptions, ResolvedAndroid } from './android-options.ts'
import type { ModelChoice } from '../model-choice/choose-model.ts'
import type { ModelSettings } from '../model-choice/model-settings.ts'

export interface AgentprobeOptions {
  /** The unpacked extension folder (e.g. './dist'). */
  extension?: string
  /** 'openai/<model>', 'azure/<deployment>', 'anthropic/<model>', 'gemini/<model>', 'gemini-openai/<model>', 'openai-compatible/<model>' or 'offline'; default: detected from the keys set. */
  model?: string
  /** Provider settings (canvas, coordinates, retries, prices…); never keys, which come from the environment. */
  modelOptions?: ModelSettings
  /** An X display to use (e.g. ':99') instead of starting a private Xvfb. */
  display?: string
  /** Screen size of the private Xvfb and the browser window (default 1920×1080). */
  screen?: Size
  /** Where per-test artifacts go (default 'artifacts', relative to the project root). */
  artifactsDir?: string
  /** The browser the extension runs in: 'chromium' (the default) or 'firefox'. */
  browser?: BrowserName
  /** Chromium or Chrome executable (default: CHROME_PATH, then the first found on PATH). */
  chromePath?: string
  /** Firefox executable (default: FIREFOX_PATH, then firefox-esr or firefox on PATH). */
  firefoxPath?: string
  /** A page the browser opens first. */
  url?: string
  /** The browser's UI language, e.g. 'de' or 'ar' (Chromium; needs its language pack, chromium-l10n on Debian). Default: the machine's. */
  locale?: string
  /** 'dark' makes the browser's own UI dark and pages see prefers-color-scheme: dark (Chromium). Default: the machine's, light under Xvfb. */
  colorScheme?: ColorScheme
  /**
   * Device pixels per CSS pixel, as on a high-density screen: 1, 1.25, 1.5 or 2 (Chromium's
   * --force-device-scale-factor, Firefox's layout.css.devPixelsPerPx). The window still fills the
   * screen (sized in CSS pixels: screen / factor); the browser's toolbar and pages are drawn larger. Default 1.
   */
  deviceScaleFactor?: number
  /**
   * The browser's default page zoom, as a user sets it in the browser's settings: one of 0.8, 0.9,
   * 1, 1.1, 1.25, 1.5, 1.75, 2 (1.5 is 150%). Pages and extension pages (on Chromium the popup too)
   * are drawn larger and have less room in CSS pixels; the browser's own UI is unchanged. Default 1.
   */
  zoom?: number
  /** What `screen` and `agent` drive: 'browser' (Xvfb + Chromium, the default) or 'android' (a device over adb). */
  target?: 'browser' | 'android'
  /** The Android device, for target 'android'. */
  android?: AndroidOptions
  /** Cassette mode (default: AGENTPROBE_CASSETTE, else replay under CI where a cassette exists, auto with a paid model, off with the offline one). */
  cassette?: CassetteMode
  /** In replay, the model whose recording replays when the configured model has none and several models recorded the test (default: AGENTPROBE_CASSETTE_MODEL). */
  cassetteModel?: string
  /** How long replay watches a live frame that does not match the recorded one yet before it is replay_drift, ms (default 5000). */
  replayWaitMs?: number
  /**
   * Run history: every run kept, for `agentprobe history` and the report's History view. Default:
   * a SQLite file, .agentprobe/history.sqlite; `{ url: 'postgres://user@host/db' }` for a shared
   * server (its password from PGPASSWORD, never the config; AGENTPROBE_HISTORY_URL says the same
   * from the environment); false keeps none.
   */
  history?: false | { url?: string; path?: string }
}

export interface ResolvedOptions {
  root: string
  extension?: string
  model: ModelChoice
  display?: string
  screen: Size
  artifactsDir: string
  /** Absent means chromium. */
  browser?: BrowserName
  chromePath?: string
  firefoxPath?: string
  url?: string
  locale?: string
  colorScheme?: ColorScheme
  deviceScaleFactor?: number
  zoom?: number
  target?: 'browser' | 'android'
  android?: ResolvedAndroid
  cassette: { mode?: CassetteMode; update: boolean; ci: boolean; model?: string; waitMs?: number }
  /** Where runs are recorded; absent when history is off. */
  history?: HistoryLocation
}

/** The browser option checked; a ConfigError naming `source` for anything but a known browser. */
export function browserName(value: unknown, source: string): BrowserName | undefined {
  if (value === undefined) return undefined
  if ((BROWSER_NAMES as readonly unknown[]).includes(value)) return value as BrowserName
  throw new ConfigError(`${source} must be one of ${BROWSER_NAMES.join(', ')}, got ${JSON.stringify(value)}`)
}

/** The executable the options name for their browser, if any. */
export function browserExecutable(options: Pick<ResolvedOptions, 'browser' | 'chromePath' | 'firefoxPath'>): string | undefined {
  return options.browser === 'firefox' ? options.firefoxPath : options.chromePath
}

export const DEFAULT_SCREEN: Size = { width: 1920, height: 1080 }

export function resolvePath(root: string, path: string): string {
  return isAbsolute(path) ? path : resolve(root, path)
}

/** Every API key, token, secret or password in the environment, by variable name (a history server's password too). */
export function namedSecretsFromEnv(env: Record<string, string | undefined>): Record<string, string> {
  const named = Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1]) && /(API_KEY|TOKEN|SECRET|PASSWORD)$/i.test(entry[0]))
  const historyPasswords = urlPasswords(env.AGENTPROBE_HISTORY_URL)
  return Object.fromEntries([...named, ...historyPasswords.map((p, i) => [`AGENTPROBE_HISTORY_URL${i ? ` (${i + 1})` : ''}`, p])])
}

/** The passwords a connection URL carries, as written and decoded (none when it does not parse). */
export function urlPasswords(url: string | undefined): string[] {
  if (!url) return []
  try {
    return serverAddress(url).secrets.passwords
  } catch {
    return []
  }
}

/** Values that must never be written to disk. */
export function secretsFromEnv(env: Record<string, string | undefined>): string[] {
  return Object.values(namedSecretsFromEnv(env))
}

/** A cassette mode from an option, a flag or AGENTPROBE_CASSETTE, checked; `source` names where it came from. */
export function cassetteMode(value: string | undefined, source: string): CassetteMode | undefined {
  if (value === undefined || value === '') return undefined
  if (!(CASSETTE_MODES as readonly string[]).includes(value)) throw new ConfigError(`${source} must be one of ${CASSETTE_MODES.join(', ')}, got "${value}"`)
  return value as CassetteMode
}

/** Which model runs and why; with no key under CI it adds that cassettes replay the model that recorded them. */
export function modelLine(o: Pick<ResolvedOptions, 'model' | 'cassette'>): string {
  const { mode, ci, update } = o.cassette
  const replays = o.model.id === 'offline' && ci && !update && (mode === undefined || mode === 'replay')
  return `model ${o.model.id} (${o.model.reason})${replays ? '; a test with a cassette replays the model that recorded it' : ''}`
}

/** A replay wait in ms from an option, checked. */
export function replayWaitMs(value: unknown, source: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new ConfigError(`${source} must be a number of milliseconds, 0 or more, got ${JSON.stringify(value)}`)
  return value
}

/** CI=true (or 1), as CI services set it. */
export function isCi(env: Record<string, string | undefined>): boolean {
  return env.CI === 'true' || env.CI === '1'
}

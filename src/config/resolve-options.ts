// Options as given (a Vitest plugin, a Jest config or the CLI) → their resolved, serialisable form:
// paths made absolute against the project root, the model chosen, the cassette mode checked.
import { resolveAndroid, type AndroidOptions } from './android-options.ts'
import { appearance } from './appearance.ts'
import { chooseModel } from '../model-choice/choose-model.ts'
import { ConfigError } from '../core/errors.ts'
import type { HistoryLocation } from '../history/open-store.ts'
import { isPostgresUrl, withoutUserInfo } from '../history/server-address.ts'
import type { BrowserName } from '../targets/browser.ts'
import { browserName, cassetteMode, DEFAULT_SCREEN, isCi, replayWaitMs, resolvePath, urlPasswords, type AgentprobeOptions, type ResolvedOptions } from './options.ts'

export const DEFAULT_HISTORY_FILE = '.agentprobe/history.sqlite'

/**
 * `source` names where the options came from, for messages (e.g. 'the plugin option cassette');
 * `modelFlag` is a command line's --model, which wins over AGENTPROBE_MODEL and the option.
 */
export function resolveOptions(options: AgentprobeOptions, root: string, env: Record<string, string | undefined>, source = 'the plugin option', modelFlag?: string): ResolvedOptions {
  const browser = browserName(options.browser, `${source} browser`)
  return {
    root,
    extension: options.extension === undefined ? undefined : resolvePath(root, options.extension),
    model: chooseModel({ flag: modelFlag, env, option: options.model, optionSource: `${source} model`, settings: options.modelOptions }),
    display: options.display ?? env.AGENTPROBE_DISPLAY,
    screen: options.screen ?? DEFAULT_SCREEN,
    artifactsDir: resolvePath(root, options.artifactsDir ?? env.AGENTPROBE_ARTIFACTS_DIR ?? 'artifacts'),
    ...withBrowser(browser),
    chromePath: options.chromePath ?? env.CHROME_PATH,
    firefoxPath: options.firefoxPath ?? env.FIREFOX_PATH,
    url: options.url,
    ...appearance(options, source),
    cassette: {
      mode: cassetteMode(options.cassette ?? env.AGENTPROBE_CASSETTE, options.cassette ? `${source} cassette` : 'AGENTPROBE_CASSETTE'),
      update: false,
      ci: isCi(env),
      ...cassetteExtras(options, env, source),
    },
    ...(options.target === 'android' && { target: 'android' as const, android: resolveAndroid(androidPaths(options.android ?? {}, root), env) }),
    ...withHistory(resolveHistory(options.history, root, env, source)),
  }
}

const withBrowser = (browser: BrowserName | undefined) => (browser ? { browser } : {})
const withHistory = (history: HistoryLocation | undefined) => (history ? { history } : {})

/** Where runs are recorded: the option, else AGENTPROBE_HISTORY_URL, else the project's SQLite file; off with `false` or AGENTPROBE_HISTORY=off. */
export function resolveHistory(option: AgentprobeOptions['history'], root: string, env: Record<string, string | undefined>, source: string): HistoryLocation | undefined {
  if (option === false || env.AGENTPROBE_HISTORY === 'off') return undefined
  if (option !== undefined && (option === null || typeof option !== 'object')) throw new ConfigError(`${source} history must be false or { url } or { path }, got ${JSON.stringify(option)}`)
  const [url, from] = option?.url !== undefined ? [option.url, `${source} history.url`] : [env.AGENTPROBE_HISTORY_URL, 'AGENTPROBE_HISTORY_URL']
  if (url) {
    if (!isPostgresUrl(url)) throw new ConfigError(`${from} must be a postgres:// URL, got "${withoutUserInfo(url)}"`)
    // A config file is committed; a password in it would be published with the repo.
    if (from !== 'AGENTPROBE_HISTORY_URL' && urlPasswords(url).length > 0) throw new ConfigError(`${from} carries a password: leave it out and set PGPASSWORD (or the whole URL in AGENTPROBE_HISTORY_URL) in the environment`)
    return { kind: 'postgres', url }
  }
  return { kind: 'sqlite', path: resolvePath(root, option?.path ?? DEFAULT_HISTORY_FILE) }
}

/** A relative sdkRoot is relative to the project, like every other path option. */
function androidPaths(android: AndroidOptions, root: string): AndroidOptions {
  return android.sdkRoot === undefined ? android : { ...android, sdkRoot: resolvePath(root, android.sdkRoot) }
}

/** Which recording replays when the configured model has none, and how long replay waits for the screen. */
function cassetteExtras(options: AgentprobeOptions, env: Record<string, string | undefined>, source: string): { model?: string; waitMs?: number } {
  const model = options.cassetteModel || env.AGENTPROBE_CASSETTE_MODEL || undefined
  const waitMs = replayWaitMs(options.replayWaitMs, `${source} replayWaitMs`)
  return { ...(model && { model }), ...(waitMs !== undefined && { waitMs }) }
}

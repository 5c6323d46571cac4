// What `agentprobe --help` and `agentprobe <command> --help` print: one usage block per command,
// kept here beside the list of commands so the two cannot drift apart.

export const COMMANDS = {
  run: `agentprobe run: run case files (YAML, JSON or TypeScript) against a browser extension or an Android app

Usage: agentprobe run --target browser|android --extension DIR --case FILE|FOLDER|GLOB [--case …] --output-dir DIR [flags]

  --target browser|android   what to drive (default browser)
  --extension DIR            the unpacked extension (required with --target browser)
  --browser chromium|firefox the browser it runs in (default chromium; firefox: FIREFOX_PATH, else firefox-esr on PATH)
  --case FILE|FOLDER|GLOB    case files; repeat it, or pass them as arguments
  --output-dir DIR           where results go: one folder per case when there are several (required)
  --model ID                 the model, e.g. openai/gpt-5.4 or offline (default: from the keys set)
  --max-steps N              the step budget of every case
  --url URL                  a page to open first (a case's own url wins)
  --avd NAME                 the Android virtual device (--target android)
  --include-xml              keep each step's uiautomator dump (--target android)
  --cassette FILE            one cassette file for all cases (default: beside each case)
  --cassette-mode MODE       auto|replay|record|off`,
  doctor: `agentprobe doctor: check this machine and the extension, one line per check with its fix; exit 1 when a required one fails

Usage: agentprobe doctor [--extension DIR] [--target browser|android] [--check-model [--model ID]]

  --extension DIR            the extension whose manifest is checked (default ./dist when it has one)
  --target browser|android   which tools are required (default browser)
  --check-model              make one tiny verification call to the model
  --model ID                 the model --check-model calls`,
  init: `agentprobe init: add the plugin to this repo's Vitest config (or write one), tests written from the manifest, a case file and a workflow

Usage: agentprobe init [--extension DIR] [--force] [--install]

  --extension DIR            the unpacked extension (default: a build's output — .output/chrome-mv3/ (WXT),
                             build/chrome-mv3-prod/ (Plasmo), dist/, build/ — else extension/, src/ or . with a
                             manifest.json; at a workspace root, its packages too)
  --force                    overwrite files that exist (an edited config is only ever added to)
  --install                  add agentprobe and vitest to devDependencies with the repo's package manager`,
  bench: `agentprobe bench: run every case's good and mutant build against every model, and score each model

Usage: agentprobe bench --models A,B,… [flags]

  --models A,B,…             the models to compare, e.g. offline,openai/gpt-5.4
  --case GLOB                case files (default bench/cases/*.ts); repeatable; --cases is an alias
  --repeats N                runs of each case and build, for the spread (default 1)
  --browser NAME             chromium (default) or firefox; repeatable: each browser scored apart,
                             a case that cannot run on one skipped, saying why
  --estimate                 print what the run would cost, and stop
  --max-spend-usd X          stop calling models once X dollars are spent
  --output-dir DIR           where bench.md, the report and the recording go (default artifacts/bench); --out is an alias
  --workers N                browsers at once (default 2)`,
  report: `agentprobe report: rebuild the HTML report and Markdown summary from the traces under DIR

Usage: agentprobe report [DIR] [--output-dir DIR] [--title TEXT]

  DIR                        where the traces are (default artifacts)
  --output-dir DIR           where index.html and summary.md go (default DIR/report); --out is an alias
  --title TEXT               the report's title`,
  history: `agentprobe history: what the stored runs say: per test its runs and whether it is flaky, failure types, cost by day, step latency, the slowest tests, replay drift, the models

Usage: agentprobe history [--since SPAN|DATE] [--test TEXT] [--model ID] [--json|--csv] [--store FILE|URL]
       agentprobe history prune --keep SPAN [--store FILE|URL]

  --since SPAN|DATE          runs started since, e.g. 7d, 12h, 2026-11-01 (default 30d)
  --test TEXT                tests whose file › name contains TEXT
  --model ID                 runs of this model
  --json                     one object: runs (newest first), tests (with flaky), summary
  --csv                      the runs, one line each
  --limit N                  the newest N runs only
  --keep SPAN                prune: keep the runs of the last SPAN (e.g. 90d), delete the older ones
  --store FILE|URL           a SQLite file or a postgres:// server (default: AGENTPROBE_HISTORY_URL,
                             else .agentprobe/history.sqlite); a password comes from PGPASSWORD`,
  compare: `agentprobe compare: two stored runs side by side, step by step (e.g. the last green run against the first red one)

Usage: agentprobe compare RUN_A RUN_B [--output-dir DIR] [--store FILE|URL]

  RUN_A RUN_B                run ids, or their first characters (agentprobe history --json lists them)
  --output-dir DIR           where the compare page goes (default artifacts/compare)
  --store FILE|URL           as for agentprobe history`,
} as const

export type Command = keyof typeof COMMANDS

export const isCommand = (name: string | undefined): name is Command => name !== undefined && Object.hasOwn(COMMANDS, name)

/** True when the arguments ask for help: `--help` or `-h` anywhere before a `--`. */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--')
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h')
}

export const USAGE = `Usage: agentprobe <command> [flags]        agentprobe <command> --help for a command's flags

Commands:
${Object.values(COMMANDS)
  .map((text) => `  ${text.slice('agentprobe '.length, text.indexOf('\n'))}`)
  .map((line) => line.replace(/^ {2}(\w+): /, (_, name: string) => `  ${name.padEnd(8)}`))
  .join('\n')}

Environment: DISPLAY (use this X display instead of a private Xvfb), CHROME_PATH, AGENTPROBE_MODEL,
AGENTPROBE_CASSETTE (a cassette mode), CI (replay where a cassette exists), AGENTPROBE_HISTORY_URL
(a postgres:// history server; PGPASSWORD its password), AGENTPROBE_HISTORY=off (record no history).
Model keys (the first set is used when no model is named): AZURE_CUA_API_KEY + AZURE_CUA_BASE_URL
[+ AZURE_CUA_MODEL], OPENAI_API_KEY [+ OPENAI_BASE_URL], ANTHROPIC_API_KEY [+ ANTHROPIC_BASE_URL],
GEMINI_API_KEY [+ GEMINI_BASE_URL]; gemini-openai/<model> needs GEMINI_API_KEY [+ GEMINI_OPENAI_BASE_URL];
openai-compatible/<model> needs AGENTPROBE_BASE_URL [+ AGENTPROBE_API_KEY].`

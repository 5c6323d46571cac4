// Which cases `agentprobe bench --browser …` runs on which browser: each browser case on every
// asked browser it can run on, Android cases once (they run on the device double, in no browser);
// a case skipped on a browser is said with its reason, never dropped in silence.
import { skipReason } from '../bench/bench-browsers.ts'
import { browserName } from '../config/options.ts'
import { ConfigError } from '../core/errors.ts'
import type { BrowserName } from '../targets/browser.ts'
import type { LoadedBenchCase } from './bench-cases.ts'

/** One case on one browser; `browser` is absent for an Android case. */
export interface CaseRun {
  loaded: LoadedBenchCase
  browser?: BrowserName
}

/** The --browser values checked, each once; Chromium when none is given. */
export function parseBrowsers(values: readonly string[] | undefined): BrowserName[] {
  const browsers = (values ?? ['chromium']).flatMap((v) => v.split(',')).map((v) => browserName(v.trim(), '--browser')!)
  return [...new Set(browsers)]
}

/** The runs of `cases` on `browsers`, and a line per browser case skipped on one of them. */
export function caseRuns(cases: readonly LoadedBenchCase[], browsers: readonly BrowserName[]): { runs: CaseRun[]; skipped: string[] } {
  const runs: CaseRun[] = cases.filter((c) => c.benchCase.target === 'android').map((loaded) => ({ loaded }))
  const skipped: string[] = []
  for (const browser of browsers) {
    for (const loaded of cases) {
      const c = loaded.benchCase
      if (c.target === 'android') continue
      const why = skipReason(c, browser)
      if (why === undefined) runs.push({ loaded, browser })
      else skipped.push(`  skipped on ${browser}: ${c.id}: ${why}`)
    }
  }
  if (runs.length === 0) throw new ConfigError(`agentprobe bench: no case runs on ${browsers.join(', ')}:\n${skipped.join('\n')}`)
  return { runs, skipped }
}

/** The folder of a case's files and builds: its id, under the browser's name off Chromium (so Chromium's paths stay as they were). */
export function runFolder(caseId: string, browser: BrowserName | undefined): string {
  return browser === undefined || browser === 'chromium' ? caseId : `${browser}/${caseId}`
}

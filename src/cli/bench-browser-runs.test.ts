import { expect, it } from 'vitest'
import type { BenchCase } from '../bench/bench-case.ts'
import { STOP_WORKER } from '../bench/bench-case.ts'
import { caseRuns, parseBrowsers, runFolder } from './bench-browser-runs.ts'

const loaded = (id: string, more: Record<string, unknown> = {}) => ({
  file: 'cases.ts',
  benchCase: { id, category: 'popup', extension: 'x', edits: [], instruction: 'Look.', verify: "'x'?", mutantDescription: 'm', expected: { good: 'pass', mutant: 'fail' }, truth: async () => true, ...more } as BenchCase,
})

it('takes --browser once or more, comma-separated too; Chromium by default; an unknown browser is named', () => {
  expect(parseBrowsers(undefined)).toEqual(['chromium'])
  expect(parseBrowsers(['firefox', 'chromium,firefox'])).toEqual(['firefox', 'chromium'])
  expect(() => parseBrowsers(['safari'])).toThrow('--browser must be one of chromium, firefox, got "safari"')
})

it('runs each browser case on each asked browser it runs on, Android cases once, and says why one is skipped', () => {
  const both = loaded('popup/a', { browsers: ['chromium', 'firefox'] })
  const chromiumOnly = loaded('worker-lifecycle/b', { instruction: [STOP_WORKER, 'Look.'] })
  const android = loaded('android/c', { target: 'android', package: 'p', builds: { good: 'a', mutant: 'b' } })
  const { runs, skipped } = caseRuns([both, chromiumOnly, android], ['chromium', 'firefox'])
  expect(runs.map((r) => [r.loaded.benchCase.id, r.browser])).toEqual([
    ['android/c', undefined],
    ['popup/a', 'chromium'],
    ['worker-lifecycle/b', 'chromium'],
    ['popup/a', 'firefox'],
  ])
  expect(skipped).toEqual(["  skipped on firefox: worker-lifecycle/b: a STOP_WORKER step stops Chromium's service worker (chrome.stopServiceWorker), which firefox has not"])
  expect(() => caseRuns([chromiumOnly], ['firefox'])).toThrow('no case runs on firefox')
})

it("keeps Chromium's folders as they were and puts another browser's under its name", () => {
  expect(runFolder('popup/a', 'chromium')).toBe('popup/a')
  expect(runFolder('android/c', undefined)).toBe('android/c')
  expect(runFolder('popup/a', 'firefox')).toBe('firefox/popup/a')
})

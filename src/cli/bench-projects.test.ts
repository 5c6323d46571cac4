import { expect, it } from 'vitest'
import type { BenchCase } from '../bench/bench-case.ts'
import { browserProjects } from './bench-projects.ts'

const browserCase = (id: string, more: Partial<Extract<BenchCase, { extension: string }>> = {}) =>
  ({ id, category: 'rtl', extension: 'greeter-i18n', edits: [], instruction: 'Look.', verify: "'x'?", mutantDescription: 'm', expected: { good: 'pass', mutant: 'fail' }, truth: async () => true, ...more }) as BenchCase

it("gives each language and theme the cases ask for a project launched with them, beside the machine's default", () => {
  const runs = [
    { benchCase: browserCase('popup/a'), file: 'popup/a/good-r1.bench.test.ts' },
    { benchCase: browserCase('rtl/b', { locale: 'ar' }), file: 'rtl/b/good-r1.bench.test.ts' },
    { benchCase: browserCase('theme/c', { locale: 'en', colorScheme: 'dark' }), file: 'theme/c/good-r1.bench.test.ts' },
    { benchCase: browserCase('rtl/b', { locale: 'ar' }), file: 'rtl/b/mutant-r1.bench.test.ts' },
    { benchCase: { ...browserCase('android/d'), target: 'android', package: 'p', builds: { good: 'a', mutant: 'b' } } as BenchCase, file: 'android/d/good-r1.bench.test.ts' },
  ]
  expect(browserProjects(runs, { models: ['offline'] })).toEqual([
    { name: 'bench', plugin: { models: ['offline'] }, files: ['popup/a/good-r1.bench.test.ts'] },
    { name: 'bench-ar', plugin: { models: ['offline'], locale: 'ar' }, files: ['rtl/b/good-r1.bench.test.ts', 'rtl/b/mutant-r1.bench.test.ts'] },
    { name: 'bench-en-dark', plugin: { models: ['offline'], locale: 'en', colorScheme: 'dark' }, files: ['theme/c/good-r1.bench.test.ts'] },
  ])
})

it('gives Firefox its own projects, launched with it; Chromium keeps the names it had', () => {
  const runs = [
    { benchCase: browserCase('popup/a'), file: 'popup/a/good-r1.bench.test.ts', browser: 'chromium' as const },
    { benchCase: browserCase('popup/a'), file: 'firefox/popup/a/good-r1.bench.test.ts', browser: 'firefox' as const },
    { benchCase: browserCase('rtl/b', { locale: 'ar' }), file: 'firefox/rtl/b/good-r1.bench.test.ts', browser: 'firefox' as const },
  ]
  expect(browserProjects(runs, { models: ['offline'] })).toEqual([
    { name: 'bench', plugin: { models: ['offline'] }, files: ['popup/a/good-r1.bench.test.ts'] },
    { name: 'bench-firefox', plugin: { models: ['offline'], browser: 'firefox' }, files: ['firefox/popup/a/good-r1.bench.test.ts'] },
    { name: 'bench-firefox-ar', plugin: { models: ['offline'], browser: 'firefox', locale: 'ar' }, files: ['firefox/rtl/b/good-r1.bench.test.ts'] },
  ])
})

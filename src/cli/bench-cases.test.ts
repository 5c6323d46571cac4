import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { loadBenchCases } from './bench-cases.ts'

const BASE = `{ id: 'worker-lifecycle/x', category: 'worker-lifecycle', extension: 'tally', edits: [], verify: "Does it show 'x'?", mutantDescription: 'm', expected: { good: 'pass', mutant: 'fail' }, truth: async () => true`

async function load(cases: string[]): Promise<unknown> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-bench-cases-'))
  const file = join(dir, 'cases.mjs')
  await writeFile(file, `const STOP_WORKER = { stopWorker: true }\nconst UPDATE = { update: true }\nexport default [${cases.map((c, i) => c.replace("'worker-lifecycle/x'", `'worker-lifecycle/x${i}'`)).join(',\n')}]\n`)
  return loadBenchCases([file], dir).then((loaded) => loaded.map((c) => c.benchCase.instruction), (error: unknown) => error)
}

it('a browser case says its instruction as one string, or as instructions with worker stops between them', async () => {
  expect(await load([`${BASE}, instruction: 'Click it.' }`, `${BASE}, instruction: [STOP_WORKER, 'Click it.', STOP_WORKER, 'Look.'] }`])).toEqual([
    'Click it.',
    [{ stopWorker: true }, 'Click it.', { stopWorker: true }, 'Look.'],
  ])
})

it('a list must end with an instruction and hold only instructions and STOP_WORKER; an Android case takes a string only', async () => {
  const error = await load([
    `${BASE}, instruction: ['Click it.', STOP_WORKER] }`,
    `${BASE}, instruction: ['Click it.', { stop: true }] }`,
    `${BASE}, instruction: [] }`,
    `${BASE}, target: 'android', package: 'p', builds: { good: 'a', mutant: 'b' }, instruction: ['Tap it.'] }`,
  ])
  expect(String(error)).toContain('case 1 (worker-lifecycle/x0): instruction must end with an instruction (the one verify checks), not STOP_WORKER')
  expect(String(error)).toContain('case 2 (worker-lifecycle/x1): instruction step 2 is neither a non-empty string nor STOP_WORKER')
  expect(String(error)).toContain('case 3 (worker-lifecycle/x2): instruction must be a non-empty string or a list of them and STOP_WORKER or UPDATE steps')
  expect(String(error)).toMatch(/case 4 \(worker-lifecycle\/x3\): instruction must be a non-empty string$/m)
})

it('a case may run in a locale and a colour scheme, and from a previous version updated by one UPDATE step', async () => {
  const update = `previousVersion: 'tally-1.0.0', instruction: ['Click it.', UPDATE, 'Look.']`
  expect(await load([`${BASE}, instruction: 'Look.', locale: 'ar', colorScheme: 'dark' }`, `${BASE}, ${update} }`])).toEqual(['Look.', ['Click it.', { update: true }, 'Look.']])
})

it('a bad locale, colour scheme or update names the field', async () => {
  const error = String(
    await load([
      `${BASE}, instruction: 'Look.', locale: 'Arabic' }`,
      `${BASE}, instruction: 'Look.', colorScheme: 'dim' }`,
      `${BASE}, instruction: ['Click it.', UPDATE, 'Look.'] }`,
      `${BASE}, previousVersion: 'tally-1.0.0', instruction: 'Look.' }`,
      `${BASE}, previousVersion: 3, instruction: ['Click it.', UPDATE, 'Look.'] }`,
    ]),
  )
  expect(error).toContain(`case 1 (worker-lifecycle/x0): locale must be a language tag such as 'de', 'ar' or 'pt-BR', got "Arabic"`)
  expect(error).toContain('case 2 (worker-lifecycle/x1): colorScheme must be one of light, dark, got "dim"')
  expect(error).toContain('case 3 (worker-lifecycle/x2): an UPDATE step needs previousVersion')
  expect(error).toContain('case 4 (worker-lifecycle/x3): previousVersion needs exactly one UPDATE step in the instruction list, found 0')
  expect(error).toContain('case 5 (worker-lifecycle/x4): previousVersion must be the name of a folder under bench/extensions')
})

it('a case names the browsers it runs on; an unknown one, a repeat, or Firefox with a worker stop is named', async () => {
  expect(await load([`${BASE}, instruction: 'Look.', browsers: ['chromium', 'firefox'] }`])).toEqual(['Look.'])
  const error = String(
    await load([
      `${BASE}, instruction: 'Look.', browsers: ['safari'] }`,
      `${BASE}, instruction: 'Look.', browsers: ['firefox', 'firefox'] }`,
      `${BASE}, instruction: 'Look.', browsers: [] }`,
      `${BASE}, instruction: [STOP_WORKER, 'Look.'], browsers: ['chromium', 'firefox'] }`,
    ]),
  )
  for (const n of [1, 2, 3]) expect(error).toContain(`case ${n} (worker-lifecycle/x${n - 1}): browsers must list some of chromium, firefox, each once`)
  expect(error).toContain("case 4 (worker-lifecycle/x3): browsers names firefox, but a STOP_WORKER step stops Chromium's service worker (chrome.stopServiceWorker), which firefox has not")
})

#!/usr/bin/env node
// Checks the layer rules of DESIGN §2 that a linter cannot express in one line:
// which folder may import which, that core does no I/O, who may read the environment, and no import circles.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, dirname, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const src = join(root, 'src')

/** What the surfaces, models, agent, report and run history are built from. */
const below = ['core', 'targets', 'grounding', 'models', 'agent', 'report', 'history']
/** The wiring both test frameworks and the CLI share, one folder per job; they may use each other. */
const wiring = ['config', 'model-choice', 'browser-pool', 'session', 'cassettes', 'bench']
/** layer → layers it may import (besides itself). */
const allowed = {
  core: [],
  targets: ['core'],
  grounding: ['core'],
  models: ['core', 'grounding'],
  agent: ['core'],
  testing: ['core'],
  report: ['core'],
  // Run history is a room of its own: the reporters and the CLI write to it and read it.
  history: ['core'],
  ...Object.fromEntries(wiring.map((layer) => [layer, [...below, ...wiring]])),
  vitest: [...below, ...wiring],
  // The Jest entry shares everything below it with the Vitest entry and knows nothing of Vitest.
  jest: [...below, ...wiring],
  // The CLI runs case files through Vitest (src/vitest/run-cases.ts), so they get the plugin's reporters.
  cli: [...below, ...wiring, 'vitest'],
  '.': [...below, ...wiring],
}
const coreIo = /^(node:)?(fs|fs\/promises|child_process|net|http|https|dgram|os|worker_threads)$|^(sharp|execa|chrome-remote-interface|tesseract\.js|openai|appium-adb)$/
const envReaders = new Set(['cli', 'vitest', 'jest'])
// DESIGN §2: the pool and the sessions reach a browser through the seam (targets/browser.ts,
// targets/browsers.ts), never a browser's own folder. The type of the \`chrome\` fixture (Chromium's
// helpers) may be named; the files below still use Chromium directly, until the seam covers them.
const seamUsers = new Set(['browser-pool', 'session'])
const browserFolder = /\/targets\/(chrome|firefox)\//
const stillChromium = new Set([
  'src/browser-pool/browser-session.ts', // startBrowser: a Chromium for scripts and tests
  'src/session/icon-oracle.ts', // Extensions.triggerAction, Chromium's twin of the icon click
  'src/session/matchers.ts', // toHaveTarget, over CDP's target list
])

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else if (/\.c?ts$/.test(path) && !path.endsWith('.test.ts')) yield path
  }
}

const layerOf = (file) => {
  const first = relative(src, file).split(sep)[0]
  return first.endsWith('.ts') ? '.' : first
}

const problems = []
const imports = new Map() // file → files it imports, for the cycle check below
for (const file of files(src)) {
  const layer = layerOf(file)
  const text = readFileSync(file, 'utf8')
  const rel = relative(root, file)
  for (const [statement, spec] of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
    if (spec.startsWith('.')) {
      const typeOnly = /^\s*(import|export) type\s/.test(statement)
      if (seamUsers.has(layer) && browserFolder.test(resolve(dirname(file), spec)) && !typeOnly && !stillChromium.has(rel.split(sep).join('/'))) {
        problems.push(`${rel}: ${layer} reaches a browser only through targets/browser.ts and targets/browsers.ts, not ${spec}`)
      }
      imports.set(file, [...(imports.get(file) ?? []), resolve(dirname(file), spec)])
      const target = layerOf(resolve(dirname(file), spec))
      if (target !== layer && !(allowed[layer] ?? []).includes(target)) problems.push(`${rel}: ${layer} must not import ${target} (${spec})`)
    } else {
      if (layer === 'core' && coreIo.test(spec)) problems.push(`${rel}: core must stay pure, but imports ${spec}`)
      if (layer !== 'vitest' && /^vitest(\/|$)/.test(spec)) problems.push(`${rel}: only src/vitest imports vitest`)
      if (layer !== 'jest' && /^(jest|jest-[a-z-]+|@jest\/.+|expect)$/.test(spec)) problems.push(`${rel}: only src/jest imports Jest's packages`)
    }
  }
  // (targets may read PATH, the system's search path and no setting of ours: they find executables
  // on it and extend it for the browsers they start)
  const read = layer === 'targets' ? text.replace(/process\.env\.PATH\b/g, '') : text
  if (!envReaders.has(layer) && /process\.env\b/.test(read)) problems.push(`${rel}: only src/cli, src/vitest and src/jest read process.env (and src/targets PATH)`)
}

// A circle of imports (type-only ones too) means two modules are one job split in two.
const state = new Map() // file → 'open' while on the path, 'done' after
const visit = (file, path) => {
  if (state.get(file) === 'done') return
  if (state.get(file) === 'open') {
    const circle = [...path.slice(path.indexOf(file)), file].map((f) => relative(root, f))
    problems.push(`import circle: ${circle.join(' → ')}`)
    return
  }
  state.set(file, 'open')
  for (const next of imports.get(file) ?? []) visit(next, [...path, file])
  state.set(file, 'done')
}
for (const file of imports.keys()) visit(file, [])

if (problems.length > 0) {
  console.error(`layer check: ${problems.length} problem(s)\n${problems.join('\n')}`)
  process.exit(1)
}
console.log('layer check: ok')

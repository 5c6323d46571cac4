// tesseract.js decides "browser or Node" once, when its modules load, from the globals `document`
// and `WorkerGlobalScope`. Under Vitest's jsdom or happy-dom environment `document` exists, so it
// resolves its worker script and model folder as URLs against window.location and the worker
// cannot start (ERR_WORKER_PATH "http://localhost:3000/…/worker-script/node/index.js"). agentprobe
// always runs it in Node: it is required from disk (Node's resolution, never a bundler's 'browser'
// field) with those globals hidden for the moment of the require, and then checked.
import { createRequire } from 'node:module'
import type Tesseract from 'tesseract.js'
import { ConfigError } from '../core/errors.ts'
import { NODE_ONLY_HINT } from '../core/test-environment.ts'

const require = createRequire(import.meta.url)
const BROWSER_GLOBALS = ['document', 'WorkerGlobalScope'] as const

/** The Node worker script of tesseract.js, an absolute path on disk. */
export const TESSERACT_WORKER_PATH = require.resolve('tesseract.js/src/worker-script/node/index.js')

/** tesseract.js, loaded as in plain Node whatever globals the test environment defines. */
export function loadTesseract(): typeof Tesseract {
  const hidden = hideGlobals()
  let tesseract: typeof Tesseract
  try {
    tesseract = require('tesseract.js') as typeof Tesseract
  } finally {
    hidden.forEach(([key, descriptor]) => Object.defineProperty(globalThis, key, descriptor))
  }
  // Loaded earlier by someone else with `document` visible, it keeps treating paths as URLs.
  const resolvePaths = require('tesseract.js/src/utils/resolvePaths.js') as (o: { workerPath: string }) => { workerPath: string }
  if (resolvePaths({ workerPath: TESSERACT_WORKER_PATH }).workerPath !== TESSERACT_WORKER_PATH) {
    throw new ConfigError(`tesseract.js was loaded as in a browser (this test environment defines \`document\`), so agentprobe's OCR cannot start its worker. ${NODE_ONLY_HINT}`)
  }
  return tesseract
}

function hideGlobals(): [string, PropertyDescriptor][] {
  const hidden: [string, PropertyDescriptor][] = []
  for (const key of BROWSER_GLOBALS) {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, key)
    if (descriptor?.configurable && delete (globalThis as Record<string, unknown>)[key]) hidden.push([key, descriptor])
  }
  return hidden
}

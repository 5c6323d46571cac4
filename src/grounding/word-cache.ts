// OCR is the costliest read of a keyless run, and the same screen comes back: a rerun in watch
// mode, a replay in CI, the same popup in the next file. Words read once are kept on disk by the
// frame's exact hash, for every process that reads the same folder (node_modules/.cache, where
// build tools keep theirs and CI caches keep it between jobs).
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { errorMessage } from '../core/errors.ts'
import type { OcrWord } from './ocr.ts'

/** Bumped when readText reads a frame differently: older entries are then never read. */
const READER_VERSION = 1

/** The project's cache: in AGENTPROBE_CACHE_DIR ('off' for none), else its node_modules/.cache/agentprobe. */
export function wordCacheFor(root: string, env: Record<string, string | undefined>): WordCache | undefined {
  const asked = env.AGENTPROBE_CACHE_DIR
  if (asked === 'off') return undefined
  if (asked) return new WordCache(asked)
  const modules = join(root, 'node_modules')
  return existsSync(modules) ? new WordCache(join(modules, '.cache', 'agentprobe')) : undefined
}

export class WordCache {
  readonly dir: string
  #writes = true
  #warned = false

  /** Entries go in a folder of `cacheDir` per reader and Tesseract version. */
  constructor(cacheDir: string) {
    const tesseract = (createRequire(import.meta.url)('tesseract.js/package.json') as { version: string }).version
    this.dir = join(cacheDir, `ocr-v${READER_VERSION}-tesseract-${tesseract}`)
  }

  /** The words read before on a frame with this exact hash (of all its pixels), or undefined. */
  async get(hash: string): Promise<OcrWord[] | undefined> {
    const text = await readFile(this.#path(hash), 'utf8').catch(() => undefined)
    if (text === undefined) return undefined
    try {
      return JSON.parse(text) as OcrWord[]
    } catch {
      return undefined // a torn or foreign file: read the frame again, and the write replaces it
    }
  }

  async set(hash: string, words: readonly OcrWord[]): Promise<void> {
    if (!this.#writes) return
    const path = this.#path(hash)
    const partial = `${path}.${process.pid}.tmp`
    try {
      await mkdir(this.dir, { recursive: true })
      await writeFile(partial, JSON.stringify(words))
      await rename(partial, path) // whole or not at all, when two workers read the same frame
    } catch (error) {
      if (this.#warned) return
      this.#warned = true
      console.warn(`agentprobe: the OCR cache ${this.dir} cannot be written (${errorMessage(error)}): frames are read again each time`)
    }
  }

  /** Text typed as a secret may be on screen from now on: nothing more goes to disk from this process. */
  stopWriting(): void {
    this.#writes = false
  }

  #path(hash: string): string {
    return join(this.dir, `${hash}.json`)
  }
}

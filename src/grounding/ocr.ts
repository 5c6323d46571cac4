// Tesseract, fully offline: the English LSTM model ships as an npm package and is read from
// disk; nothing is fetched and nothing is cached into the working folder. One worker is started
// on first use and reused until `terminate()`.
import { access } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type Tesseract from 'tesseract.js'
import { ConfigError, isAgentprobeError } from '../core/errors.ts'
import type { Box } from '../core/geometry.ts'
import type { TextWord } from '../core/text-match.ts'
import { loadTesseract, TESSERACT_WORKER_PATH } from './load-tesseract.ts'

export type OcrWord = TextWord

/** The bundled `4.0.0_best_int` English model folder of @tesseract.js-data/eng. */
export function englishModelDir(): string {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int')
}

export interface OcrEngineOptions {
  /** Folder holding eng.traineddata.gz (default: the bundled model). */
  modelDir?: string
}

export class OcrEngine {
  readonly #modelDir: string
  #worker: Promise<Tesseract.Worker> | undefined
  /** How long the worker took to start, ms (undefined before the first call). */
  startMs: number | undefined

  constructor(options: OcrEngineOptions = {}) {
    this.#modelDir = options.modelDir ?? englishModelDir()
  }

  /** The words of an image (or of one region of it), boxes in the image's pixels. */
  async recognize(image: Uint8Array, region?: Box): Promise<OcrWord[]> {
    const worker = await this.#start()
    const options = region ? { rectangle: { left: region.x, top: region.y, width: region.width, height: region.height } } : {}
    const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), options, { blocks: true, text: false })
    const words: OcrWord[] = []
    for (const block of data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          for (const word of line.words) {
            const text = word.text.trim()
            if (text === '') continue
            const { x0, y0, x1, y1 } = word.bbox
            words.push({ text, confidence: word.confidence, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } })
          }
        }
      }
    }
    return words
  }

  async terminate(): Promise<void> {
    const worker = this.#worker
    this.#worker = undefined
    if (worker) await (await worker.catch(() => undefined))?.terminate()
  }

  #start(): Promise<Tesseract.Worker> {
    this.#worker ??= this.#create()
    return this.#worker
  }

  async #create(): Promise<Tesseract.Worker> {
    const started = performance.now()
    const model = join(this.#modelDir, 'eng.traineddata.gz')
    try {
      // tesseract.js never settles createWorker when the model is missing: check first.
      await access(model)
      const tesseract = loadTesseract()
      const worker = await tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
        // From the package on disk: never a path resolved against a test environment's window.location.
        workerPath: TESSERACT_WORKER_PATH,
        langPath: this.#modelDir,
        gzip: true,
        cacheMethod: 'none',
        // A failed job rejects its own promise; without a handler tesseract.js also throws globally.
        errorHandler: () => {},
      })
      // Screens have no physical resolution; 96 dpi silences Tesseract's guess-and-warn. Sparse
      // text suits a mosaic of separate regions: tesseract.js's default (one uniform block)
      // drops lines of a different size.
      await worker.setParameters({ user_defined_dpi: '96', tessedit_pageseg_mode: tesseract.PSM.SPARSE_TEXT })
      this.startMs = performance.now() - started
      return worker
    } catch (error) {
      this.#worker = undefined
      if (isAgentprobeError(error)) throw error
      throw new ConfigError(`could not start the OCR worker with the model ${model}: ${String(error)}`, { cause: error })
    }
  }
}

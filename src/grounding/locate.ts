// Finds a label (OCR) or an image (template match) on a frame, and says what was seen when it is
// not there. A Locator owns the OCR worker and remembers the last few frames it read, so that
// locating then verifying on one frame OCRs it once.
import type { Point } from '../core/action.ts'
import type { Frame } from '../core/frame.ts'
import { boxCenter, type Box } from '../core/geometry.ts'
import { findPhrase, groupLines, nearMisses, type NearMiss } from '../core/text-match.ts'
import { OcrEngine, type OcrWord } from './ocr.ts'
import { decodeImage, type Raster } from './raster.ts'
import { readText } from './read-text.ts'
import { toolbarStrip } from './strip.ts'
import { findImage } from './template.ts'

export type LocateQuery =
  | { text: string }
  /** An image (bytes or a path); searched in `region`, else the toolbar strip first, then the whole frame. */
  | { image: Uint8Array | string; region?: Box }

export interface Located {
  box: Box
  center: Point
  /** 0..1: the text match's rank or the image's correlation. */
  confidence: number
  via: 'ocr' | 'template'
}

export interface LocateResult {
  located?: Located
  /** What was seen, for messages: the visible text, or the best image score. */
  seen: string
  /** For text: what OCR read that looks most like the label. */
  nearMisses: NearMiss[]
}

/** The part of a frame a Locator needs: its pixels and a key for its cache. */
export type FrameInput = Pick<Frame, 'png' | 'hash'>

const IMAGE_THRESHOLD = 0.8

interface Reading {
  raster: Promise<Raster>
  words?: Promise<OcrWord[]>
}

export class Locator {
  readonly #engine: OcrEngine
  readonly #cache = new Map<string, Reading>()
  readonly #cacheSize: number

  constructor(options: { engine?: OcrEngine; cacheSize?: number } = {}) {
    this.#engine = options.engine ?? new OcrEngine()
    this.#cacheSize = options.cacheSize ?? 4
  }

  async locate(frame: FrameInput, query: LocateQuery): Promise<LocateResult> {
    return 'text' in query ? this.#locateText(frame, query.text) : this.#locateImage(frame, query.image, query.region)
  }

  /** Every word OCR reads on the frame (cached per frame hash). */
  words(frame: FrameInput): Promise<OcrWord[]> {
    const reading = this.#reading(frame)
    if (!reading.words) {
      reading.words = reading.raster.then((raster) => readText(this.#engine, raster))
      reading.words.catch(() => this.#cache.delete(frame.hash))
    }
    return reading.words
  }

  /** Stops the OCR worker; a later call starts a new one. */
  async close(): Promise<void> {
    this.#cache.clear()
    await this.#engine.terminate()
  }

  async #locateText(frame: FrameInput, text: string): Promise<LocateResult> {
    const words = await this.words(frame)
    const [best] = findPhrase(words, text)
    const seen = visibleText(words)
    if (!best) return { seen, nearMisses: nearMisses(words, text) }
    return { located: { box: best.box, center: boxCenter(best.box), confidence: best.score, via: 'ocr' }, seen, nearMisses: [] }
  }

  async #locateImage(frame: FrameInput, image: Uint8Array | string, region?: Box): Promise<LocateResult> {
    const raster = await this.#reading(frame).raster
    const strip = region ? undefined : toolbarStrip(raster)
    let best = await findImage(raster, image, { region: region ?? strip, threshold: -1 })
    if (strip && (!best || best.score < IMAGE_THRESHOLD)) best = await findImage(raster, image, { threshold: -1 })
    if (!best || best.score < IMAGE_THRESHOLD) {
      const score = best ? `${best.score.toFixed(2)} at (${best.box.x}, ${best.box.y})` : 'none'
      return { seen: `no match scoring ${IMAGE_THRESHOLD} or more (best ${score})`, nearMisses: [] }
    }
    const located: Located = { box: best.box, center: boxCenter(best.box), confidence: best.score, via: 'template' }
    return { located, seen: `match ${best.score.toFixed(2)} at (${best.box.x}, ${best.box.y})`, nearMisses: [] }
  }

  #reading(frame: FrameInput): Reading {
    let reading = this.#cache.get(frame.hash)
    if (reading) {
      this.#cache.delete(frame.hash)
    } else {
      reading = { raster: decodeImage(frame.png) }
      // A failed read is not remembered: the next call tries again.
      reading.raster.catch(() => this.#cache.delete(frame.hash))
      if (this.#cache.size >= this.#cacheSize) this.#cache.delete(this.#cache.keys().next().value!)
    }
    this.#cache.set(frame.hash, reading)
    return reading
  }
}

/** The text OCR read, line by line, without icon noise: for "visible text: …" messages. */
export function visibleText(words: readonly OcrWord[], maxChars = 400): string {
  const lines = groupLines(words.filter((w) => w.confidence >= 25 && /[\p{L}\p{N}]{2}/u.test(w.text)))
    .map((line) => line.map((w) => w.text).join(' '))
  const text = lines.join(' · ')
  if (text === '') return '(no legible text)'
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text
}

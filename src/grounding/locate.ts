// Finds a label (OCR) or an image (template match) on a frame, and says what was seen when it is
// not there. A Locator owns the OCR worker and remembers the last few frames it read, so that
// locating then verifying on one frame OCRs it once.
import type { Point } from '../core/action.ts'
import type { Frame } from '../core/frame.ts'
import { boxCenter, type Box } from '../core/geometry.ts'
import { findPhrase, groupLines, nearMisses, type NearMiss } from '../core/text-match.ts'
import { browserLayout, regionAt, regionBox, type BrowserLayout, type BrowserRegion } from './browser-regions.ts'
import { OcrEngine, type OcrWord } from './ocr.ts'
import { frameRaster, type Raster } from './raster.ts'
import { readText } from './read-text.ts'
import type { WordCache } from './word-cache.ts'
import { toolbarStrip } from './strip.ts'
import { findImage } from './template.ts'
import { openedMenuBox } from './menu-box.ts'
import { findToolbarSlot } from './toolbar-slot.ts'
import { labelInk, type LabelInk } from './label-ink.ts'

/** Tesseract's confidence (0-100) from which a word counts as read, for screenText. */
const SURE_WORD = 60

export type LocateQuery =
  /** A label; with `within`, only matches in that part of a browser frame count; with `box`, only matches in that box. */
  | { text: string; within?: BrowserRegion; box?: Box }
  /** An image (bytes or a path); searched in `region`, else the toolbar strip first, then the whole frame. */
  | { image: Uint8Array | string; region?: Box }
  /** The pinned extension action's button, from the toolbar's layout alone (no image needed). */
  | { toolbarSlot: true }
  /** The context menu a right-click at `at` on frame `before` opened, on this frame. */
  | { openedMenu: { before: FrameInput; at: Point } }

export interface Located {
  box: Box
  center: Point
  /** 0..1: the text match's rank, the image's correlation or colour closeness, or how sure the toolbar layout is. */
  confidence: number
  via: 'ocr' | 'template' | 'colour' | 'toolbar-slot' | 'menu'
  /** For text on a browser frame: the part of the window it lies in. */
  region?: BrowserRegion
}

export interface LocateResult {
  located?: Located
  /** What was seen, for messages: the visible text, or the best image score. */
  seen: string
  /** For text: what OCR read that looks most like the label. */
  nearMisses: NearMiss[]
  /** For text: every match in the part searched, best first (`located` is the first). */
  matches?: Located[]
  /** For text `within` a region: matches elsewhere on the frame. */
  elsewhere?: Located[]
  /** For text `within` a region: where it is on this frame (missing when the frame lacks it). */
  area?: Box
}

/** The part of a frame a Locator needs: its pixels and a key for its cache. */
export type FrameInput = Pick<Frame, 'image' | 'hash'>

const IMAGE_THRESHOLD = 0.8

interface Reading {
  raster: Promise<Raster>
  words?: Promise<OcrWord[]>
  layout?: Promise<BrowserLayout | undefined>
}

export class Locator {
  readonly #engine: OcrEngine
  readonly #cache = new Map<string, Reading>()
  readonly #cacheSize: number
  readonly #scale: number

  /** Words read before, kept on disk across runs and processes (none: every frame is read). */
  readonly wordCache: WordCache | undefined

  /** `scale`: the browser's device scale factor (default 1), which sets how tall its toolbar is in pixels. */
  constructor(options: { engine?: OcrEngine; cacheSize?: number; wordCache?: WordCache; scale?: number | undefined } = {}) {
    this.#engine = options.engine ?? new OcrEngine()
    this.#cacheSize = options.cacheSize ?? 4
    this.#scale = options.scale ?? 1
    this.wordCache = options.wordCache
  }

  async locate(frame: FrameInput, query: LocateQuery): Promise<LocateResult> {
    if ('toolbarSlot' in query) return this.#locateSlot(frame)
    if ('openedMenu' in query) return this.#locateMenu(frame, query.openedMenu.before, query.openedMenu.at)
    return 'text' in query ? this.#locateText(frame, query.text, query.within, query.box) : this.#locateImage(frame, query.image, query.region)
  }

  /** The colours a label in `box` is drawn in, from the frame's pixels as decoded for OCR. */
  async ink(frame: FrameInput, box: Box): Promise<LabelInk> {
    return labelInk(await this.#reading(frame).raster, box)
  }

  /** Every word OCR reads on the frame (cached per frame hash). */
  words(frame: FrameInput): Promise<OcrWord[]> {
    const reading = this.#reading(frame)
    if (!reading.words) {
      reading.words = this.#read(frame.hash, reading.raster)
      reading.words.catch(() => this.#cache.delete(frame.hash))
    }
    return reading.words
  }

  /**
   * The words the frame shows that OCR is sure of, joined by spaces: what a cassette compares at
   * replay. The unsure ones (a caret or an icon read as a letter) would tell two looks at one screen apart.
   */
  async screenText(frame: FrameInput): Promise<string> {
    return (await this.words(frame)).filter((word) => word.confidence >= SURE_WORD).map((word) => word.text).join(' ')
  }

  async #read(hash: string, raster: Promise<Raster>): Promise<OcrWord[]> {
    const kept = await this.wordCache?.get(hash)
    if (kept) return kept
    const words = await readText(this.#engine, await raster)
    await this.wordCache?.set(hash, words)
    return words
  }

  /** Stops the OCR worker; a later call starts a new one. */
  async close(): Promise<void> {
    this.#cache.clear()
    await this.#engine.terminate()
  }

  /** Where the frame's toolbar, popup, side panel and page are (cached per frame hash). */
  layout(frame: FrameInput): Promise<BrowserLayout | undefined> {
    const reading = this.#reading(frame)
    reading.layout ??= reading.raster.then((raster) => browserLayout(raster, this.#scale))
    return reading.layout
  }

  async #locateText(frame: FrameInput, text: string, region?: BrowserRegion, box?: Box): Promise<LocateResult> {
    const [words, layout] = await Promise.all([this.words(frame), this.layout(frame)])
    const all = findPhrase(words, text).map((m): Located => {
      const center = boxCenter(m.box)
      return { box: m.box, center, confidence: m.score, via: 'ocr', ...(layout && { region: regionAt(layout, center) }) }
    })
    const area = box ?? (layout && region ? regionBox(layout, region) : undefined)
    const inRegion = (w: { box: Box }) => region === undefined || (layout !== undefined && regionAt(layout, boxCenter(w.box)) === region)
    const within = (w: { box: Box }) => inRegion(w) && (box === undefined || contains(box, boxCenter(w.box)))
    const matches = all.filter(within)
    const shown = words.filter(within)
    const seen = visibleText(shown)
    const scope = region || box ? { elsewhere: all.filter((m) => !matches.includes(m)), ...(area && { area }) } : {}
    if (matches.length === 0) return { seen, nearMisses: nearMisses(shown, text), matches, ...scope }
    return { located: matches[0], seen, nearMisses: [], matches, ...scope }
  }

  async #locateImage(frame: FrameInput, image: Uint8Array | string, region?: Box): Promise<LocateResult> {
    const raster = await this.#reading(frame).raster
    const strip = region ? undefined : toolbarStrip(raster, this.#scale)
    let best = await findImage(raster, image, { region: region ?? strip, threshold: -1 })
    if (strip && (!best || best.score < IMAGE_THRESHOLD)) best = await findImage(raster, image, { threshold: -1 })
    if (!best || best.score < IMAGE_THRESHOLD) {
      const score = best ? `${best.score.toFixed(2)} at (${best.box.x}, ${best.box.y})` : 'none'
      return { seen: `no match scoring ${IMAGE_THRESHOLD} or more (best ${score})`, nearMisses: [] }
    }
    const located: Located = { box: best.box, center: boxCenter(best.box), confidence: best.score, via: best.method === 'colour' ? 'colour' : 'template' }
    return { located, seen: `match ${best.score.toFixed(2)} at (${best.box.x}, ${best.box.y})`, nearMisses: [] }
  }

  async #locateSlot(frame: FrameInput): Promise<LocateResult> {
    const slot = findToolbarSlot(await this.#reading(frame).raster, this.#scale)
    if (!slot) return { seen: 'no toolbar row with an omnibox on the frame', nearMisses: [] }
    return { located: { box: slot.box, center: slot.center, confidence: slot.confidence, via: 'toolbar-slot' }, seen: slot.evidence, nearMisses: [] }
  }

  async #locateMenu(frame: FrameInput, before: FrameInput, at: Point): Promise<LocateResult> {
    const [was, is] = await Promise.all([this.#reading(before).raster, this.#reading(frame).raster])
    const menu = openedMenuBox(was, is, at)
    const { x, y, width, height } = menu.box
    const seen = menu.how === 'difference' ? `what changed after the right-click at (${at.x}, ${at.y})` : `no change after the right-click at (${at.x}, ${at.y}): assumed beside it`
    return { located: { box: menu.box, center: boxCenter(menu.box), confidence: menu.how === 'difference' ? 1 : 0.5, via: 'menu' }, seen: `${seen}, (${x}, ${y})–(${x + width}, ${y + height})`, nearMisses: [] }
  }

  #reading(frame: FrameInput): Reading {
    let reading = this.#cache.get(frame.hash)
    if (reading) {
      this.#cache.delete(frame.hash)
    } else {
      reading = { raster: frameRaster(frame) }
      // A failed read is not remembered: the next call tries again.
      reading.raster.catch(() => this.#cache.delete(frame.hash))
      if (this.#cache.size >= this.#cacheSize) this.#cache.delete(this.#cache.keys().next().value!)
    }
    this.#cache.set(frame.hash, reading)
    return reading
  }
}

function contains(box: Box, p: Point): boolean {
  return p.x >= box.x && p.x < box.x + box.width && p.y >= box.y && p.y < box.y + box.height
}

/** What `seen` says when OCR read nothing legible in the part searched. */
export const NO_LEGIBLE_TEXT = '(no legible text)'

/** The text OCR read, line by line, without icon noise: for "visible text: …" messages. */
export function visibleText(words: readonly OcrWord[], maxChars = 400): string {
  const lines = groupLines(words.filter((w) => w.confidence >= 25 && /[\p{L}\p{N}]{2}/u.test(w.text)))
    .map((line) => line.map((w) => w.text).join(' '))
  const text = lines.join(' · ')
  if (text === '') return NO_LEGIBLE_TEXT
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text
}

import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { loadFrame } from '../../fixtures/frames/index.ts'
import { Locator } from './locate.ts'
import { OcrEngine } from './ocr.ts'
import { WordCache, wordCacheFor } from './word-cache.ts'

class CountingEngine extends OcrEngine {
  calls = 0
  override recognize(...args: Parameters<OcrEngine['recognize']>) {
    this.calls++
    return super.recognize(...args)
  }
}

const WORDS = [{ text: 'Saved', confidence: 91, box: { x: 10, y: 20, width: 40, height: 12 } }]

describe('WordCache', () => {
  it('gives another instance on the same folder (another process) the words by frame hash, and nothing for a torn file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agentprobe-words-'))
    await new WordCache(dir).set('abc', WORDS)
    const other = new WordCache(dir)
    expect(await other.get('abc')).toEqual(WORDS)
    expect(await other.get('abd')).toBeUndefined()
    await writeFile(join(other.dir, 'torn.json'), '[{"text": "Sa')
    expect(await other.get('torn')).toBeUndefined()
    // No temporary file is left beside the entries.
    expect((await readdir(other.dir)).sort()).toEqual(['abc.json', 'torn.json'])
  })

  it('writes nothing once told a secret may be on screen', async () => {
    const cache = new WordCache(await mkdtemp(join(tmpdir(), 'agentprobe-words-')))
    cache.stopWriting()
    await cache.set('abc', WORDS)
    expect(await cache.get('abc')).toBeUndefined()
  })

  it("warns once, naming the folder, when it cannot write, and the read goes on", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agentprobe-words-'))
    await writeFile(join(dir, 'blocked'), 'a file where the folder should be')
    const cache = new WordCache(join(dir, 'blocked'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await cache.set('a', WORDS)
    await cache.set('b', WORDS)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toContain(join(dir, 'blocked'))
    warn.mockRestore()
  })

  it("lives in AGENTPROBE_CACHE_DIR, else the project's node_modules/.cache; 'off' or no node_modules: none", async () => {
    const root = await mkdtemp(join(tmpdir(), 'agentprobe-root-'))
    expect(wordCacheFor(root, {})).toBeUndefined()
    expect(wordCacheFor(root, { AGENTPROBE_CACHE_DIR: 'off' })).toBeUndefined()
    expect(wordCacheFor(root, { AGENTPROBE_CACHE_DIR: join(root, 'c') })?.dir.startsWith(join(root, 'c', 'ocr-v'))).toBe(true)
    await mkdir(join(root, 'node_modules'))
    expect(wordCacheFor(root, {})?.dir.startsWith(join(root, 'node_modules', '.cache', 'agentprobe', 'ocr-v'))).toBe(true)
  })
})

describe('Locator with a word cache', () => {
  const locators: Locator[] = []
  afterAll(() => Promise.all(locators.map((l) => l.close())))

  it('reads a frame once for every process that shares the folder: a second locator finds the label with no OCR', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agentprobe-words-'))
    const frame = await loadFrame('popup-open')
    const engines = [new CountingEngine(), new CountingEngine()]
    const [first, second] = engines.map((engine) => new Locator({ engine, wordCache: new WordCache(dir) }))
    locators.push(first!, second!)
    const read = await first!.locate(frame, { text: 'Open Sidepanel' })
    const kept = await second!.locate(frame, { text: 'Open Sidepanel' })
    expect(read.located).toBeDefined()
    expect(kept).toEqual(read)
    expect(engines.map((e) => e.calls)).toEqual([1, 0])
  })
})

import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadFrame } from '../../fixtures/frames/index.ts'
import { isAgentprobeError } from '../core/errors.ts'
import { englishModelDir, OcrEngine } from './ocr.ts'

const engine = new OcrEngine()
afterAll(() => engine.terminate())

describe('OcrEngine', () => {
  it('uses the bundled English model', () => {
    expect(existsSync(join(englishModelDir(), 'eng.traineddata.gz'))).toBe(true)
  })

  it('reads a region of a frame, boxes in frame pixels, and writes no cache file', async () => {
    const before = await readdir(process.cwd())
    const png = await (await loadFrame('sidepanel-open')).png()
    const words = await engine.recognize(png, { x: 1560, y: 190, width: 340, height: 80 })
    expect(words.map((w) => w.text)).toEqual(['Service', 'worker:', 'connected', 'Saved', 'notes:', '0'])
    const service = words[0]!
    expect(service.box).toMatchObject({ x: expect.closeTo(1571, 2), y: expect.closeTo(206, 2) })
    expect(service.confidence).toBeGreaterThan(60)
    expect(engine.startMs).toBeGreaterThan(0)
    expect((await readdir(process.cwd())).filter((f) => !before.includes(f))).toEqual([])
  })

  it('starts again after terminate', async () => {
    await engine.terminate()
    const png = await (await loadFrame('sidepanel-error')).png()
    const words = await engine.recognize(png, { x: 1560, y: 480, width: 300, height: 40 })
    expect(words.map((w) => w.text).join(' ')).toContain('ERR_FILE_NOT_FOUND')
  })

  it('names the model folder when it cannot start', async () => {
    const broken = new OcrEngine({ modelDir: join(process.cwd(), 'no-such-model-dir') })
    const error = await broken.recognize(new Uint8Array()).catch((e: unknown) => e)
    await broken.terminate()
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_CONFIG')
    expect(String(error)).toContain('no-such-model-dir')
  })
})

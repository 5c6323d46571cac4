// Under Vitest's jsdom or happy-dom environment, `window` and `document` exist in a Node process.
// A child `node` defines them before importing the OCR module, as those environments do.
import { execa } from 'execa'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'

const url = (path: string) => pathToFileURL(join(import.meta.dirname, path)).href

async function ocrUnder(globals: string): Promise<string> {
  const script = `
    ${globals}
    const { OcrEngine } = await import('${url('ocr.ts')}')
    const { loadFrame } = await import('${url('../../fixtures/frames/index.ts')}')
    const engine = new OcrEngine()
    try {
      const png = await (await loadFrame('sidepanel-open')).png()
      console.log(JSON.stringify((await engine.recognize(png, { x: 1560, y: 190, width: 340, height: 80 })).map((w) => w.text)))
    } catch (error) {
      console.log(String(error))
    } finally {
      await engine.terminate()
    }`
  return (await execa('node', ['--input-type=module', '-e', script])).stdout
}

it('OCR starts and reads under DOM globals (jsdom, happy-dom): worker and model come from disk, not window.location', async () => {
  const dom = `globalThis.window = { location: { href: 'http://localhost:3000/' } }
    Object.defineProperty(globalThis, 'document', { value: {}, configurable: true, writable: true })`
  expect(await ocrUnder(dom)).toBe(JSON.stringify(['Service', 'worker:', 'connected', 'Saved', 'notes:', '0']))
})

it('tesseract.js already loaded as in a browser: OCR fails at once, saying to run the file in Node', async () => {
  const early = `globalThis.window = { location: { href: 'http://localhost:3000/' } }
    globalThis.document = {};
    (await import('node:module')).createRequire(${JSON.stringify(url('ocr.ts'))})('tesseract.js')`
  expect(await ocrUnder(early)).toMatch(/ConfigError: tesseract\.js was loaded as in a browser .*keep \*\.cua\.test\.ts files in the `cua` project/)
})

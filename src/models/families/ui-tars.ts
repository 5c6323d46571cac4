// UI-TARS 1.5 is built on Qwen2.5-VL and answers in pixels of its smart-resized image (28-px
// multiples, area between 100×28×28 and 16384×28×28).
import { describePixels, type Family } from './family.ts'

export const uiTars: Family = {
  name: 'ui-tars',
  matches: /ui[-_.]?tars/i,
  convention: { kind: 'smart-resize', factor: 28, minPixels: 100 * 28 * 28, maxPixels: 16384 * 28 * 28 },
  describe: describePixels,
}

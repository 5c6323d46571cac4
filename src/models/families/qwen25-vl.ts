// Qwen2.5-VL answers in absolute pixels of the image after its processor's smart resize (sides
// multiples of 28, area between 56×56 and 16384×28×28): the adapter sends that image exactly, so
// the server's resize is the identity and the model's pixels are the canvas's.
import { describePixels, type Family } from './family.ts'

export const qwen25Vl: Family = {
  name: 'qwen2.5-vl',
  matches: /qwen2\.?5[-_.]?vl/i,
  convention: { kind: 'smart-resize', factor: 28, minPixels: 56 * 56, maxPixels: 16384 * 28 * 28 },
  describe: describePixels,
}

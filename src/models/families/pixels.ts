// The default: coordinates in pixels of the image sent (OpenAI's computer tool, most chat models).
import { describePixels, type Family } from './family.ts'

export const pixels: Family = {
  name: 'pixels',
  matches: /$^/,
  convention: { kind: 'pixels' },
  describe: describePixels,
}

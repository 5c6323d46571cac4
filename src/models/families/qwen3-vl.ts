// Qwen3-VL grounds on relative coordinates 0–999, independent of the image size.
import { describeGrid, GRID_1000, type Family } from './family.ts'

export const qwen3Vl: Family = {
  name: 'qwen3-vl',
  matches: /qwen3[-_.]?vl/i,
  convention: GRID_1000,
  describe: describeGrid,
}

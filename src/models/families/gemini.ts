// Gemini answers on a 0–999 grid (its computer-use and pointing docs: value / 1000 × size).
import { describeGrid, GRID_1000, type Family } from './family.ts'

export const gemini: Family = {
  name: 'gemini',
  matches: /gemini/i,
  convention: GRID_1000,
  describe: describeGrid,
}

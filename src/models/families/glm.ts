// GLM-4.xV (and its UI agents) ground on a 0–999 grid.
import { describeGrid, GRID_1000, type Family } from './family.ts'

export const glm: Family = {
  name: 'glm',
  matches: /glm[-_.]?\d/i,
  convention: GRID_1000,
  describe: describeGrid,
}

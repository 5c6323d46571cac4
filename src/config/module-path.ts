// Where a module beside another one is, as this build runs: `.ts` from src (tests), `.js` from
// dist (an install). Config that names files for a framework to load (a setup file, a test
// environment, a generated test's import) needs a path, not an import.
import { fileURLToPath } from 'node:url'

export function modulePath(besideUrl: string, name: string): string {
  return fileURLToPath(new URL(`./${name}${besideUrl.endsWith('.ts') ? '.ts' : '.js'}`, besideUrl))
}

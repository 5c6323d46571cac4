// Where a test's artifacts go: artifacts/<test file>/<test name>/, readable and stable across runs.
import { join } from 'node:path'

export function slug(text: string, max = 80): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, max) || 'test'
  )
}

export function artifactDirFor(artifactsDir: string, testFile: string, testName: string): string {
  const file = testFile.replace(/\\/g, '/').replace(/\.(cua\.)?(test|spec)\.[cm]?[jt]sx?$/, '')
  return join(artifactsDir, ...file.split('/').map((part) => slug(part, 60)), slug(testName))
}

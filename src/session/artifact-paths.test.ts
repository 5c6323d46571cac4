import { expect, it } from 'vitest'
import { artifactDirFor, slug } from './artifact-paths.ts'

it('names a folder per test file and test', () => {
  expect(artifactDirFor('/a', 'examples/sidepanel.cua.test.ts', 'side panel opens from the toolbar')).toBe('/a/examples/sidepanel/side-panel-opens-from-the-toolbar')
  expect(artifactDirFor('/a', 'tests\\x.spec.ts', 'Über > nested')).toBe('/a/tests/x/uber-nested')
})

it('never yields an empty or unsafe segment', () => {
  expect(slug('../..')).toBe('test')
  expect(slug('a/b')).toBe('a-b')
})

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { MEASURED } from './longest-first.ts'

it('times only files that exist (a renamed file would lose its place silently)', () => {
  const root = join(import.meta.dirname, '..')
  expect(Object.keys(MEASURED).filter((file) => !existsSync(join(root, file)))).toEqual([])
})

import { expect, it } from 'vitest'
import { sampleEvenly } from './make-gif.ts'

it('keeps the first and last frame when sampling down', () => {
  expect(sampleEvenly([1, 2, 3], 5)).toEqual([1, 2, 3])
  expect(sampleEvenly([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([0, 3, 6, 9])
  expect(sampleEvenly([0, 1, 2], 1)).toEqual([2])
})

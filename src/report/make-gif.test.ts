import { expect, it } from 'vitest'
import { concatList, sampleEvenly } from './make-gif.ts'

it('keeps the first and last frame when sampling down', () => {
  expect(sampleEvenly([1, 2, 3], 5)).toEqual([1, 2, 3])
  expect(sampleEvenly([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([0, 3, 6, 9])
  expect(sampleEvenly([0, 1, 2], 1)).toEqual([2])
})

it('lists frames for ffconcat with a 1/100 s time base and their duration', () => {
  const list = concatList(['/a/one.png', "/b/it's.png"], 1500)
  expect(list.startsWith('ffconcat version 1.0\n')).toBe(true)
  expect(list).toContain("file '/a/one.png'\noption framerate 100\nduration 1.5\n")
  expect(list).toContain("file '/b/it'\\''s.png'")
})

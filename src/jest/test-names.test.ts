import { describe, expect, test } from 'vitest'
import type { Circus } from '@jest/types'
import { annotateFirstError, appendToError, fullName } from './test-names.ts'

function entry(name: string, ...blocks: string[]): Circus.TestEntry {
  let parent = { name: 'ROOT_DESCRIBE_BLOCK' } as Circus.DescribeBlock
  for (const block of blocks) parent = { name: block, parent } as Circus.DescribeBlock
  return { name, parent } as Circus.TestEntry
}

describe('fullName', () => {
  test('joins describe blocks and the test as Jest prints them', () => {
    expect(fullName(entry('opens', 'side panel', 'toolbar'))).toBe('side panel toolbar opens')
  })

  test('a test at the top level is its own name', () => {
    expect(fullName(entry('opens'))).toBe('opens')
  })
})

describe('appendToError', () => {
  test('adds the lines to the message and to the stack Jest prints', () => {
    const error = new Error('expected the screen to verify')
    appendToError(error, 'GIF: artifacts/x/run.gif')
    expect(error.message).toBe('expected the screen to verify\nGIF: artifacts/x/run.gif')
    expect(error.stack).toMatch(/^Error: expected the screen to verify\nGIF: artifacts\/x\/run\.gif\n\s+at /)
  })

  test('an error without a stack still gets the lines in its message', () => {
    const error = { message: 'no', stack: undefined } as unknown as Error
    appendToError(error, 'trace: t.json')
    expect(error.message).toBe('no\ntrace: t.json')
  })
})

describe('annotateFirstError', () => {
  test("a thrown string (Jest's timeout) becomes an Error carrying the lines, at the test's location", () => {
    const asyncError = new Error('')
    const errors: Circus.TestEntry['errors'] = [['Exceeded timeout of 4000 ms for a test.', asyncError]]
    annotateFirstError(errors, 'trace: t.json')
    const [replaced] = errors[0] as [Error, Error]
    expect(replaced.message).toBe('Exceeded timeout of 4000 ms for a test.\ntrace: t.json')
    expect(replaced.stack).toMatch(/^Error: Exceeded timeout.*\ntrace: t\.json\n\s+at .*test-names\.test\.ts/)
  })

  test('an Error is annotated in place', () => {
    const error = new Error('boom')
    annotateFirstError([[error, undefined]], 'GIF: g.gif')
    expect(error.message).toBe('boom\nGIF: g.gif')
  })
})

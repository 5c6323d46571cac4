import { expect, it } from 'vitest'
import { fromRemoteValue } from './remote-value.ts'

it('reads primitives, special numbers and bigints as returnByValue would', () => {
  expect(fromRemoteValue({ type: 'string', value: 'hi' })).toBe('hi')
  expect(fromRemoteValue({ type: 'number', value: 3 })).toBe(3)
  expect(fromRemoteValue({ type: 'number', value: 'NaN' })).toBeNaN()
  expect(Object.is(fromRemoteValue({ type: 'number', value: '-0' }), -0)).toBe(true)
  expect(fromRemoteValue({ type: 'boolean', value: false })).toBe(false)
  expect(fromRemoteValue({ type: 'null' })).toBeNull()
  expect(fromRemoteValue({ type: 'undefined' })).toBeUndefined()
  expect(fromRemoteValue({ type: 'bigint', value: '12' })).toBe(12)
})

it('reads nested objects, arrays, maps and sets; a date as its ISO string; what JSON cannot hold as undefined or {}', () => {
  const stored = {
    type: 'object',
    value: [
      ['notes', { type: 'array', value: [{ type: 'string', value: 'milk' }, { type: 'number', value: 2 }] }],
      ['at', { type: 'date', value: '2026-12-03T10:00:00.000Z' }],
      ['tags', { type: 'set', value: [{ type: 'string', value: 'a' }] }],
      ['byId', { type: 'map', value: [[{ type: 'number', value: 1 }, { type: 'string', value: 'one' }]] }],
      ['fn', { type: 'function' }],
      ['el', { type: 'node', value: { nodeType: 1 } }],
      ['cycle', { type: 'object' }],
    ],
  }
  expect(fromRemoteValue(stored)).toEqual({ notes: ['milk', 2], at: '2026-12-03T10:00:00.000Z', tags: ['a'], byId: { 1: 'one' }, fn: undefined, el: {}, cycle: {} })
})

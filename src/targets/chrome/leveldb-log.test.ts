import { describe, expect, it } from 'vitest'
import { readLogWrites } from './leveldb-log.ts'

const text = (s: string) => new TextEncoder().encode(s)

// A write batch as LevelDB encodes it (sequence, count, then tagged varint-prefixed keys and values).
function batch(entries: [string, string | undefined][]): Uint8Array {
  const out: number[] = [1, 0, 0, 0, 0, 0, 0, 0, entries.length, 0, 0, 0]
  const varint = (n: number) => {
    for (; n >= 0x80; n >>>= 7) out.push((n & 0x7f) | 0x80)
    out.push(n)
  }
  for (const [key, value] of entries) {
    out.push(value === undefined ? 0 : 1)
    varint(key.length)
    out.push(...text(key))
    if (value !== undefined) {
      varint(text(value).length)
      out.push(...text(value))
    }
  }
  return Uint8Array.from(out)
}

// Frames `data` as records (checksum left zero: the reader does not check it), split at block ends.
function log(...records: Uint8Array[]): Uint8Array {
  const out: number[] = []
  for (const data of records) {
    let at = 0
    let first = true
    while (first || at < data.length) {
      const room = 32768 - (out.length % 32768) - 7
      if (room < 0) {
        out.push(...new Array(32768 - (out.length % 32768)).fill(0))
        continue
      }
      const part = data.subarray(at, at + room)
      const last = at + part.length >= data.length
      out.push(0, 0, 0, 0, part.length & 0xff, part.length >> 8, first && last ? 1 : first ? 2 : last ? 4 : 3, ...part)
      at += part.length
      first = false
    }
  }
  return Uint8Array.from(out)
}

const decoded = (map: Map<string, Uint8Array | undefined>) => Object.fromEntries([...map].map(([k, v]) => [k, v && new TextDecoder().decode(v)]))

describe('readLogWrites', () => {
  it('keeps the last value of each key, and forgets a deleted one', () => {
    const bytes = log(batch([['a.menus', '[1]'], ['b', 'x']]), batch([['a.menus', '[2]']]), batch([['b', undefined]]))
    expect(decoded(readLogWrites(bytes))).toEqual({ 'a.menus': '[2]', b: undefined })
  })

  it('joins a record fragmented across blocks', () => {
    const big = 'v'.repeat(70_000)
    const bytes = log(batch([['small', '1']]), batch([['big', big]]))
    expect(bytes.length).toBeGreaterThan(65_536)
    expect(decoded(readLogWrites(bytes))).toEqual({ small: '1', big })
  })

  it('stops at a record still being written', () => {
    const whole = log(batch([['done', '1']]), batch([['torn', 'abcdef']]))
    expect(decoded(readLogWrites(whole.subarray(0, whole.length - 3)))).toEqual({ done: '1' })
  })
})

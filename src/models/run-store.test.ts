import { describe, expect, it } from 'vitest'
import { RunStore } from './run-store.ts'

describe('RunStore', () => {
  it('creates a run once, and forgets it when it ends', () => {
    const store = new RunStore<{ n: number }>()
    const a = store.get('a', () => ({ n: 1 }))
    expect(store.get('a', () => ({ n: 2 }))).toBe(a)
    store.end('a')
    expect(store.get('a', () => ({ n: 3 })).n).toBe(3)
  })

  it('drops the oldest abandoned runs past its bound', () => {
    const store = new RunStore<number>(2)
    store.get('a', () => 1)
    store.get('b', () => 2)
    store.get('c', () => 3)
    expect(store.size).toBe(2)
    expect(store.get('a', () => 9)).toBe(9)
  })
})

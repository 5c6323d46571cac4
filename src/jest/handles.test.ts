import { describe, expect, test } from 'vitest'
import { isScreenHandle } from '../session/screen-handle.ts'
import type { TestRun } from '../session/test-run.ts'
import { handles } from './handles.ts'

const notInTest = () => {
  throw new Error('only inside a test')
}

describe('handles', () => {
  test('forward to the session of the test running at the moment of use', async () => {
    let current: TestRun | undefined
    const h = handles({ test: () => current ?? notInTest(), file: () => ({}), artifactDir: () => '/a' })
    const screenOf = (label: string) => ({ [Symbol.for('agentprobe.screen')]: true, label, screenshot: async () => label })
    current = { session: { screen: screenOf('first') } } as unknown as TestRun
    expect(await h.screen.screenshot()).toBe('first')
    current = { session: { screen: screenOf('second') } } as unknown as TestRun
    expect(await h.screen.screenshot()).toBe('second')
    expect(isScreenHandle(h.screen)).toBe(true)
  })

  test('agent forwards every verb (do, query, waitFor) to the current session', async () => {
    const calls: string[] = []
    const agentOf = (label: string) => ({
      do: async (i: string) => calls.push(`${label} do ${i}`),
      query: async (q: string) => (calls.push(`${label} query ${q}`), { count: 1 }),
      waitFor: async (c: string) => calls.push(`${label} waitFor ${c}`),
    })
    let current = { session: { agent: agentOf('first') } } as unknown as TestRun
    const h = handles({ test: () => current, file: () => ({}), artifactDir: () => '/a' })
    expect(await h.agent.query('How many?', { type: 'object' })).toEqual({ count: 1 })
    current = { session: { agent: agentOf('second') } } as unknown as TestRun
    await h.agent.waitFor('Saved?')
    await h.agent.do('Click it')
    expect(calls).toEqual(['first query How many?', 'second waitFor Saved?', 'second do Click it'])
  })

  test('are never thenables, so awaiting one outside a test does not throw', async () => {
    const h = handles({ test: notInTest, file: notInTest, artifactDir: notInTest })
    expect(await h.screen).toBe(h.screen)
    expect(() => h.screen.size).toThrow(/only inside a test/)
  })

  test('chrome on an Android project says what it needs', () => {
    const h = handles({ test: notInTest, file: () => ({}), artifactDir: () => '/a' })
    expect(() => h.chrome.targets).toThrow(/`chrome` needs the browser target/)
    expect(() => h.android.tap).toThrow(/`android` needs target: 'android'/)
  })
})

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

import { expect, it } from 'vitest'
import { matrixBrowsers, poolUrlEnv, projectName } from './matrix.ts'

it('a pool endpoint variable per browser, Chromium when none is named', () => {
  expect(poolUrlEnv('firefox')).toBe('AGENTPROBE_POOL_URL_FIREFOX')
  expect(poolUrlEnv(undefined)).toBe(poolUrlEnv('chromium'))
})

it('the global setup starts a pool for every browser of the matrix, else for the project own', () => {
  expect(matrixBrowsers({ testEnvironmentOptions: { agentprobeBrowsers: ['chromium', 'firefox'] } }, 'chromium')).toEqual(['chromium', 'firefox'])
  expect(matrixBrowsers({ testEnvironmentOptions: {} }, 'firefox')).toEqual(['firefox'])
  expect(matrixBrowsers({ testEnvironmentOptions: {} }, undefined)).toEqual([undefined])
})

it('names a browser project beside the user displayName', () => {
  expect(projectName(undefined, 'firefox')).toBe('firefox')
  expect(projectName('e2e', 'chromium')).toBe('e2e (chromium)')
  expect(projectName({ name: 'ui', color: 'blue' }, 'firefox')).toBe('ui (firefox)')
})

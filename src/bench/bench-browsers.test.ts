import { expect, it } from 'vitest'
import { caseBrowsers, skipReason } from './bench-browsers.ts'
import { STOP_WORKER } from './bench-case.ts'

it('a case runs on Chromium unless it names its browsers', () => {
  expect(caseBrowsers({})).toEqual(['chromium'])
  expect(caseBrowsers({ browsers: ['chromium', 'firefox'] })).toEqual(['chromium', 'firefox'])
})

it('says why a case is skipped on a browser: not among its browsers, or a worker stop off Chromium', () => {
  expect(skipReason({ instruction: 'Look.' }, 'chromium')).toBeUndefined()
  expect(skipReason({ instruction: 'Look.', browsers: ['chromium', 'firefox'] }, 'firefox')).toBeUndefined()
  expect(skipReason({ instruction: 'Look.' }, 'firefox')).toBe('its browsers are chromium: its extension and truth were not checked on firefox')
  expect(skipReason({ instruction: [STOP_WORKER, 'Look.'], browsers: ['firefox'] }, 'firefox')).toMatch(/^a STOP_WORKER step stops Chromium's service worker/)
  expect(skipReason({ instruction: [STOP_WORKER, 'Look.'] }, 'chromium')).toBeUndefined()
})

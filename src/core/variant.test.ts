import { describe, expect, it } from 'vitest'
import { browserName, variantLabels, variantOf, zoomLabel } from './variant.ts'

const browser = { kind: 'x11', width: 1920, height: 1080 }
const run = (versions: Record<string, string>, target = browser) => ({ versions: { agentprobe: '0.1.0', ...versions }, target })

describe('variantOf', () => {
  it("reads the browser, language and theme from the trace's versions, the browser's defaults where none was set", () => {
    expect(variantOf(run({ browser: 'Chromium 156.0', locale: 'ar', colorScheme: 'dark' }))).toEqual({ browser: 'chromium', locale: 'ar', colorScheme: 'dark', deviceScaleFactor: '1x', zoom: '100%' })
    expect(variantOf(run({ browser: 'Mozilla Firefox 140.5' }))).toEqual({ browser: 'firefox', locale: 'default language', colorScheme: 'light', deviceScaleFactor: '1x', zoom: '100%' })
    expect(variantOf(run({}, { kind: 'android', width: 1080, height: 2400 })).browser).toBe('android')
  })

  it('names a browser by its family', () => {
    expect([browserName('HeadlessChrome/156'), browserName('Mozilla Firefox 153.8'), browserName(undefined), browserName('Ladybird/1.0')]).toEqual(['chromium', 'firefox', 'chromium', 'ladybird'])
  })
})

it('names a zoom as Chrome\'s settings do', () => {
  expect([0.8, 1, 1.1, 1.25, 1.75].map(zoomLabel)).toEqual(['80%', '100%', '110%', '125%', '175%'])
})

describe('variantLabels', () => {
  it('names only the dimensions that differ across the runs', () => {
    const runs = [run({ browser: 'Chromium 156', locale: 'de', colorScheme: 'dark' }), run({ browser: 'Chromium 156', locale: 'ar', colorScheme: 'dark' }), run({ browser: 'Firefox 140', locale: 'ar', colorScheme: 'dark' })]
    expect(variantLabels(runs)).toEqual(['chromium · de', 'chromium · ar', 'firefox · ar'])
    expect(variantLabels([run({ locale: 'de' }), run({ locale: 'de', colorScheme: 'light' })])).toEqual(['', ''])
    expect(variantLabels([run({ colorScheme: 'dark' }), run({})])).toEqual(['dark', 'light'])
    expect(variantLabels([run({ deviceScaleFactor: '2x' }), run({})])).toEqual(['2x', '1x'])
    expect(variantLabels([run({ zoom: '150%' }), run({ zoom: '150%', deviceScaleFactor: '2x' }), run({})])).toEqual(['1x · 150%', '2x · 150%', '1x · 100%'])
  })
})

import { expect, it } from 'vitest'
import { projectForVariant, variantProjectName, variantsOf } from './matrix-projects.ts'
import { commonFolder } from './reporter.ts'

it('puts the report in the folder common to every project', () => {
  expect(commonFolder(['/r/artifacts/plugin-tests', '/r/artifacts'])).toBe('/r/artifacts')
  expect(commonFolder(['/r/a/x', '/r/b/y'])).toBe('/r')
  expect(commonFolder(['/r/artifacts'])).toBe('/r/artifacts')
})

it("clones a project for another model: same test options, the user's other plugins, a new name", () => {
  const plugin = { name: 'agentprobe' }
  const other = { name: 'other' }
  const config = projectForVariant({ test: { name: 'suite', include: ['x/*.cua.test.ts'] }, plugins: [[{ name: 'agentprobe' }, other, { name: 'vitest:config' }]] }, { model: 'openai/gpt-x' }, plugin)
  expect(config.test).toMatchObject({ name: 'suite (openai/gpt-x)', include: ['x/*.cua.test.ts'] })
  expect(config.plugins).toEqual([other, plugin])
  // (spelled out, not inherited from the config file, whose agentprobe() would take this project too)
  expect(config).toMatchObject({ extends: false })
  expect(variantProjectName(undefined, { model: 'offline' })).toBe('offline')
})

it('runs every combination of models, locales and colour schemes, each named by what it sets', () => {
  expect(variantsOf({})).toEqual([{}])
  expect(variantsOf({ locales: ['en', 'ar'], colorSchemes: ['light', 'dark'] }).map((v) => variantProjectName('cua', v))).toEqual(['cua (en, light)', 'cua (en, dark)', 'cua (ar, light)', 'cua (ar, dark)'])
  expect(variantsOf({ models: ['offline', 'openai/gpt-5.4'], locales: ['de'] })).toEqual([{ model: 'offline', locale: 'de' }, { model: 'openai/gpt-5.4', locale: 'de' }])
  expect(variantProjectName('cua', {})).toBe('cua')
})

it('runs every file once per device scale factor, named last as a factor', () => {
  expect(variantsOf({ deviceScaleFactors: [1, 2] }).map((v) => variantProjectName('cua', v))).toEqual(['cua (1x)', 'cua (2x)'])
  expect(variantsOf({ colorSchemes: ['dark'], deviceScaleFactors: [1.5] })).toEqual([{ colorScheme: 'dark', deviceScaleFactor: 1.5 }])
  expect(variantProjectName('cua', { locale: 'ar', colorScheme: 'dark', deviceScaleFactor: 2 })).toBe('cua (ar, dark, 2x)')
})

it('runs every file once per page zoom, named last as a percentage', () => {
  expect(variantsOf({ zooms: [1, 1.5] }).map((v) => variantProjectName('cua', v))).toEqual(['cua (100%)', 'cua (150%)'])
  expect(variantsOf({ deviceScaleFactors: [2], zooms: [0.9, 1.25] })).toEqual([{ deviceScaleFactor: 2, zoom: 0.9 }, { deviceScaleFactor: 2, zoom: 1.25 }])
  expect(variantProjectName('cua', { browser: 'chromium', colorScheme: 'dark', deviceScaleFactor: 2, zoom: 1.75 })).toBe('cua (chromium, dark, 2x, 175%)')
})

it('runs every file once per browser, the browser named after the model and before the language', () => {
  expect(variantsOf({ browsers: ['chromium', 'firefox'] }).map((v) => variantProjectName('cua', v))).toEqual(['cua (chromium)', 'cua (firefox)'])
  expect(variantsOf({ models: ['offline'], browsers: ['firefox'], colorSchemes: ['dark'] }).map((v) => variantProjectName(undefined, v))).toEqual(['offline, firefox, dark'])
})

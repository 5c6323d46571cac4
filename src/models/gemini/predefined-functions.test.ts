import { describe, expect, it } from 'vitest'
import { allowedFunctions, excludedFunctions, functionDeclarations, PREDEFINED_FUNCTIONS } from './predefined-functions.ts'

describe("Gemini's predefined functions in a test", () => {
  it('leave out navigate, search and open_web_browser (and go_forward on a phone); the rest are allowed', () => {
    expect(excludedFunctions('browser')).toEqual(['open_web_browser', 'search', 'navigate'])
    expect(excludedFunctions('mobile')).toEqual(expect.arrayContaining(['go_forward', 'navigate']))
    for (const env of ['browser', 'mobile'] as const) {
      expect([...allowedFunctions(env), ...excludedFunctions(env)].sort()).toEqual([...PREDEFINED_FUNCTIONS].sort())
    }
  })

  it('are declared as functions with grid coordinates for models without the computerUse tool', () => {
    const declared = functionDeclarations('browser')
    expect(declared.map((d) => d.name)).toEqual(allowedFunctions('browser'))
    const click = declared.find((d) => d.name === 'click_at')!
    expect(click.parametersJsonSchema).toMatchObject({ type: 'object', required: ['x', 'y'], properties: { x: { type: 'integer', maximum: 999 } } })
    expect(declared.find((d) => d.name === 'wait_5_seconds')!.parametersJsonSchema).toBeUndefined()
  })
})

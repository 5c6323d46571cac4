import { describe, expect, it } from 'vitest'
import { FAMILIES, FAMILY_NAMES, familyFor } from './index.ts'

describe('familyFor', () => {
  it('has one entry per family name', () => {
    expect(Object.keys(FAMILIES).sort()).toEqual([...FAMILY_NAMES].sort())
    for (const name of FAMILY_NAMES) expect(FAMILIES[name].name).toBe(name)
  })

  it('lets an explicit family override the name', () => {
    expect(familyFor('my-finetune', 'qwen3-vl').name).toBe('qwen3-vl')
    expect(familyFor('gemini-2.5-flash', 'pixels').name).toBe('pixels')
  })

  it('names the option and the known families on a bad override', () => {
    expect(() => familyFor('x', 'qwen4')).toThrow(/unknown coordinate family "qwen4" \(option coordinates\); known: pixels, gemini/)
  })
})

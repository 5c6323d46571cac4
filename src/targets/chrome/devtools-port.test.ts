import { describe, expect, it } from 'vitest'
import { parseDevToolsActivePort } from './devtools-port.ts'

describe('parseDevToolsActivePort', () => {
  it('reads the port and the browser endpoint path', () => {
    expect(parseDevToolsActivePort('37529\n/devtools/browser/d6126412-112b-4404-853d-e748fdc91501')).toEqual({
      port: 37529,
      path: '/devtools/browser/d6126412-112b-4404-853d-e748fdc91501',
    })
  })

  it('waits for a file that is missing or half written', () => {
    expect(parseDevToolsActivePort('')).toBeUndefined()
    expect(parseDevToolsActivePort('37529')).toBeUndefined()
    expect(parseDevToolsActivePort('37529\n')).toBeUndefined()
    expect(parseDevToolsActivePort('37529\n/devtools/brow')).toBeUndefined()
  })

  it('rejects a port that is not one', () => {
    expect(parseDevToolsActivePort('0\n/devtools/browser/x')).toBeUndefined()
    expect(parseDevToolsActivePort('70000\n/devtools/browser/x')).toBeUndefined()
    expect(parseDevToolsActivePort('12a\n/devtools/browser/x')).toBeUndefined()
  })
})

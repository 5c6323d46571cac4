import { describe, expect, it } from 'vitest'
import { manifestVersionProblem, parseChromeJson, stripJsonComments } from './manifest-json.ts'

describe('parseChromeJson reads a manifest as Chrome does', () => {
  it('drops // and /* */ comments, keeps // and /* inside strings, a $schema key and unknown keys', () => {
    const text = `\uFEFF{
  // the store listing
  "$schema": "https://json.schemastore.org/chrome-manifest", /* schema */
  "manifest_version": 3,
  "name": "Quote \\" and // not a comment /* nor this */",
  "homepage_url": "https://example.com/a//b", // trailing
  /* a block
     over lines */ "x_unknown": { "k": "v" }
}`
    expect(parseChromeJson(text, 'ext/manifest.json')).toEqual({
      $schema: 'https://json.schemastore.org/chrome-manifest',
      manifest_version: 3,
      name: 'Quote " and // not a comment /* nor this */',
      homepage_url: 'https://example.com/a//b',
      x_unknown: { k: 'v' },
    })
  })

  it('keeps lines and columns, so a JSON error points into the file', () => {
    const text = '{\n  // c\n  "a": 1,\n  /* b */ "b": 2 "c"\n}'
    expect(stripJsonComments(text).split('\n').map((l) => l.length)).toEqual(text.split('\n').map((l) => l.length))
    expect(() => parseChromeJson(text, 'ext/manifest.json')).toThrow(/^ext\/manifest\.json is not valid JSON: .*\(line 4 column 18\)/)
  })

  it('names the file and says what is wrong', () => {
    expect(() => parseChromeJson('{ "a": 1 /* open', 'm.json')).toThrow('m.json: a /* comment that opens at line 1 is never closed')
    expect(() => parseChromeJson('[1]', 'm.json')).toThrow('m.json must hold a JSON object, not an array')
    expect(() => parseChromeJson('{ "a": 1,', 'm.json')).toThrow(/^m\.json is not valid JSON: /)
    expect(() => parseChromeJson('{ "a": "x // y', 'm.json')).toThrow(/^m\.json is not valid JSON: /)
  })

  it('a comment at the very end, with no newline', () => {
    expect(parseChromeJson('{"a":1}// end', 'm.json')).toEqual({ a: 1 })
  })
})

describe('manifestVersionProblem', () => {
  it('passes MV3 and says plainly that Chromium no longer loads MV2, with the path', () => {
    expect(manifestVersionProblem({ manifest_version: 3 }, 'ext/manifest.json')).toBeUndefined()
    expect(manifestVersionProblem({ manifest_version: 2 }, 'ext/manifest.json')).toBe(
      'ext/manifest.json is a Manifest V2 extension ("manifest_version": 2): current Chromium no longer loads Manifest V2 extensions; migrate it to Manifest V3 ("manifest_version": 3)',
    )
    expect(manifestVersionProblem({}, 'm.json')).toBe('m.json: "manifest_version" is missing; Chromium loads only "manifest_version": 3')
    expect(manifestVersionProblem({ manifest_version: '3' }, 'm.json')).toContain('"manifest_version" is "3"')
  })
})

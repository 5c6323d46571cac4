import { describe, expect, it } from 'vitest'
import { cassettePathFor, resolveCassetteMode } from './cassette-store.ts'

describe('resolveCassetteMode', () => {
  const base = { update: false, ci: false, exists: false, modelId: 'openai/gpt-5.4' }
  it('takes the mode asked for', () => {
    expect(resolveCassetteMode({ ...base, asked: 'off', ci: true, exists: true })).toBe('off')
  })
  it('re-records under vitest -u', () => {
    expect(resolveCassetteMode({ ...base, update: true, exists: true })).toBe('record')
  })
  it('replays under CI where a cassette exists, and runs live without writing where none does', () => {
    expect(resolveCassetteMode({ ...base, ci: true, exists: true })).toBe('replay')
    expect(resolveCassetteMode({ ...base, ci: true, exists: false })).toBe('off')
  })
  it('records and replays with a paid model locally, and leaves the free offline model alone', () => {
    expect(resolveCassetteMode(base)).toBe('auto')
    expect(resolveCassetteMode({ ...base, modelId: 'offline' })).toBe('off')
  })
})

it('keeps cassettes beside the test file, like __snapshots__, one per browser (Chromium keeps the plain name)', () => {
  expect(cassettePathFor('/repo/tests/panel.cua.test.ts')).toBe('/repo/tests/__cua__/panel.cua.test.ts.cassette.json')
  expect(cassettePathFor('/repo/tests/panel.cua.test.ts', 'chromium')).toBe('/repo/tests/__cua__/panel.cua.test.ts.cassette.json')
  expect(cassettePathFor('/repo/tests/panel.cua.test.ts', 'firefox')).toBe('/repo/tests/__cua__/panel.cua.test.ts.firefox.cassette.json')
})

import { describe, expect, it } from 'vitest'
import { describeFilter, describeTarget, describeTargets, matchTarget, type TargetInfo } from './match-target.ts'

const sidepanel: TargetInfo = {
  id: 'A1',
  type: 'page',
  url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/sidepanel.html',
  title: 'Sidepanel UI',
}
const worker: TargetInfo = {
  id: 'B2',
  type: 'service_worker',
  url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/service-worker.js',
  title: 'Service Worker chrome-extension://abcdefghijklmnopabcdefghijklmnop/service-worker.js',
}

describe('matchTarget', () => {
  it('matches everything with an empty filter', () => {
    expect(matchTarget(sidepanel, {})).toBe(true)
  })

  it('compares type exactly', () => {
    expect(matchTarget(sidepanel, { type: 'page' })).toBe(true)
    expect(matchTarget(sidepanel, { type: 'pag' })).toBe(false)
    expect(matchTarget(worker, { type: 'page' })).toBe(false)
  })

  it('treats a string url or title as a substring', () => {
    expect(matchTarget(sidepanel, { url: 'sidepanel.html' })).toBe(true)
    expect(matchTarget(sidepanel, { url: 'popup.html' })).toBe(false)
    expect(matchTarget(sidepanel, { title: 'Sidepanel' })).toBe(true)
    expect(matchTarget(sidepanel, { title: 'sidepanel' })).toBe(false)
  })

  it('searches with a RegExp', () => {
    expect(matchTarget(sidepanel, { url: /sidepanel\.html$/ })).toBe(true)
    expect(matchTarget(sidepanel, { url: /^sidepanel/ })).toBe(false)
    expect(matchTarget(worker, { title: /^service worker/i })).toBe(true)
  })

  it('gives the same answer every time for a global RegExp', () => {
    const url = /sidepanel/g
    expect([1, 2, 3].map(() => matchTarget(sidepanel, { url }))).toEqual([true, true, true])
  })

  it('requires every given field to match', () => {
    expect(matchTarget(sidepanel, { type: 'page', url: /sidepanel/ })).toBe(true)
    expect(matchTarget(sidepanel, { type: 'service_worker', url: /sidepanel/ })).toBe(false)
    expect(matchTarget(sidepanel, { type: 'page', url: /sidepanel/, title: 'Popup' })).toBe(false)
  })
})

describe('describeFilter', () => {
  it('shows strings quoted and RegExps as literals', () => {
    expect(describeFilter({ type: 'page', url: /sidepanel\.html$/ })).toBe("{ type: 'page', url: /sidepanel\\.html$/ }")
    expect(describeFilter({ title: 'Sidepanel' })).toBe("{ title: 'Sidepanel' }")
    expect(describeFilter({})).toBe('{}')
  })
})

describe('describeTarget', () => {
  it('adds the title only when it says more than the url', () => {
    expect(describeTarget(sidepanel)).toBe(`page ${sidepanel.url} "Sidepanel UI"`)
    expect(describeTarget({ ...sidepanel, title: sidepanel.url })).toBe(`page ${sidepanel.url}`)
    expect(describeTarget(worker)).toBe(`service_worker ${worker.url}`)
  })
})

describe('describeTargets', () => {
  it('lists one indented target a line, or says there were none', () => {
    expect(describeTargets([sidepanel, worker])).toBe(`  page ${sidepanel.url} "Sidepanel UI"\n  service_worker ${worker.url}`)
    expect(describeTargets([])).toBe('  (none)')
  })
})

import { describe, expect, test } from 'vitest'
import { firefoxField, firefoxManifestProblems, firefoxRefusal } from './firefox-manifest.ts'

const GECKO = { browser_specific_settings: { gecko: { id: 'tally@example.test' } } }

describe('firefoxField', () => {
  test('names the first field that says the extension ships for Firefox', () => {
    expect(firefoxField({ ...GECKO, sidebar_action: {} })).toBe('browser_specific_settings.gecko')
    expect(firefoxField({ applications: { gecko: {} } })).toBe('applications.gecko')
    expect(firefoxField({ sidebar_action: { default_panel: 'sidebar.html' } })).toBe('sidebar_action')
    expect(firefoxField({ background: { scripts: ['bg.js'], service_worker: 'bg.js' } })).toBe('background.scripts')
  })

  test('a Chromium-only manifest says nothing of Firefox', () => {
    expect(firefoxField({ manifest_version: 3, background: { service_worker: 'sw.js' }, side_panel: { default_path: 'p.html' } })).toBeUndefined()
    expect(firefoxField({ background: { scripts: [] } })).toBeUndefined()
  })
})

describe('firefoxManifestProblems', () => {
  test('a cross-browser manifest has none', () => {
    expect(firefoxManifestProblems({ manifest_version: 3, ...GECKO, background: { scripts: ['bg.js'], service_worker: 'bg.js' }, sidebar_action: {}, side_panel: { default_path: 'p.html' } })).toEqual([])
  })

  test('a service worker without scripts is refused, and the fix names the worker file', () => {
    const [problem] = firefoxManifestProblems({ manifest_version: 3, ...GECKO, background: { service_worker: 'sw.js' } })
    expect(problem).toMatchObject({ field: 'background.service_worker', kind: 'refused', fix: expect.stringContaining('"scripts": ["sw.js"]') })
  })

  test('no gecko id in MV3, and a side panel with no sidebar, limit what Firefox does', () => {
    const problems = firefoxManifestProblems({ manifest_version: 3, side_panel: { default_path: 'panel.html' } })
    expect(problems.map((p) => [p.field, p.kind])).toEqual([
      ['browser_specific_settings.gecko.id', 'limited'],
      ['side_panel', 'limited'],
    ])
    expect(problems[1]!.fix).toContain('"default_panel": "panel.html"')
  })
})

describe('firefoxRefusal', () => {
  test('an error naming each refused field, none for limits alone', () => {
    const problems = firefoxManifestProblems({ manifest_version: 3, background: { service_worker: 'sw.js' } })
    const error = firefoxRefusal(problems, 'dist/manifest.json')
    expect(error?.message).toMatch(/^Firefox would refuse dist\/manifest\.json:\nbackground\.service_worker: /)
    expect(error?.message).not.toContain('gecko')
    expect(firefoxRefusal(problems.filter((p) => p.kind === 'limited'), 'dist/manifest.json')).toBeUndefined()
  })
})

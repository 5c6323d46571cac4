import { describe, expect, it } from 'vitest'
import { actionWidgetId, firefoxPrefs, userJs } from './firefox-profile.ts'

describe('actionWidgetId', () => {
  it('lowercases the add-on id and makes every character outside [a-z0-9_-] an underscore', () => {
    expect(actionWidgetId('Tally-Both@agentprobe.test')).toBe('tally-both_agentprobe_test-browser-action')
    expect(actionWidgetId('{8a2B1c3d-0000-4000-8000-000000000001}')).toBe('_8a2b1c3d-0000-4000-8000-000000000001_-browser-action')
  })
})

describe('firefoxPrefs', () => {
  it('puts the action on the toolbar before the extensions button and fixes its UUID', () => {
    const prefs = firefoxPrefs({ addonId: 'a@b.test', uuid: '11111111-2222-4333-8444-555555555555' })
    const state = JSON.parse(prefs['browser.uiCustomization.state'] as string) as { placements: Record<string, string[]> }
    expect(state.placements['nav-bar']!.slice(-2)).toEqual(['a_b_test-browser-action', 'unified-extensions-button'])
    expect(JSON.parse(prefs['extensions.webextensions.uuids'] as string)).toEqual({ 'a@b.test': '11111111-2222-4333-8444-555555555555' })
    expect(prefs['ui.popup.disable_autohide']).toBeUndefined()
  })

  it('keeps popups open against the pointer only where no window manager runs', () => {
    expect(firefoxPrefs(undefined, {}, { windowManager: false })['ui.popup.disable_autohide']).toBe(true)
    expect(firefoxPrefs(undefined, {}, { windowManager: true })['ui.popup.disable_autohide']).toBeUndefined()
  })

  it('places nothing without an extension, and stays quiet either way', () => {
    const prefs = firefoxPrefs()
    expect(prefs['browser.uiCustomization.state']).toBeUndefined()
    expect(prefs['app.update.disabledForTesting']).toBe(true)
    expect(prefs['toolkit.telemetry.enabled']).toBe(false)
    expect(prefs['intl.locale.requested']).toBeUndefined()
    expect(prefs['ui.systemUsesDarkTheme']).toBeUndefined()
    expect(prefs['layout.css.devPixelsPerPx']).toBeUndefined()
  })

  it('asks for the UI language (as a BCP 47 tag) and the theme the run wants', () => {
    expect(firefoxPrefs(undefined, { locale: 'pt_BR', colorScheme: 'dark' })).toMatchObject({ 'intl.locale.requested': 'pt-BR', 'ui.systemUsesDarkTheme': 1 })
    expect(firefoxPrefs(undefined, { colorScheme: 'light' })['ui.systemUsesDarkTheme']).toBe(0)
  })

  it('asks for the device scale factor as the string pref Firefox reads', () => {
    expect(firefoxPrefs(undefined, { deviceScaleFactor: 1.5 })['layout.css.devPixelsPerPx']).toBe('1.5')
  })
})

describe('userJs', () => {
  it('writes one user_pref line per pref, values as JSON', () => {
    expect(userJs({ 'a.b': true, 'c.d': 'x"y', 'e.f': 0 })).toBe('user_pref("a.b", true);\nuser_pref("c.d", "x\\"y");\nuser_pref("e.f", 0);\n')
  })
})

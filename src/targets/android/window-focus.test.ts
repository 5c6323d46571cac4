import { expect, it } from 'vitest'
import { parseWindowFocus } from './window-focus.ts'

it('reads the focused window, then the focused app', () => {
  expect(parseWindowFocus('  mCurrentFocus=Window{5ed8a37 u0 com.example.app/com.example.app.LoginActivity}\n')).toEqual({
    package: 'com.example.app',
    activity: 'com.example.app.LoginActivity',
  })
  expect(parseWindowFocus('  mCurrentFocus=null\n  mFocusedApp=AppWindowToken{c2f8a0 token=Token{9f3c4f3 ActivityRecord{2d1a6e2 u0 com.android.settings/.Settings t12}}}')).toEqual({
    package: 'com.android.settings',
    activity: 'com.android.settings.Settings',
  })
  expect(parseWindowFocus('  mCurrentFocus=null\n  mFocusedApp=null\n')).toBeUndefined()
})

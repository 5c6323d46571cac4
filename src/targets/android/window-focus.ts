// Which app is in front, from `dumpsys window windows`: the focused window's package/activity.
export interface ForegroundApp {
  package: string
  activity: string
}

/** Reads mCurrentFocus (else mFocusedApp); undefined when nothing is focused (e.g. the screen is off). */
export function parseWindowFocus(dumpsys: string): ForegroundApp | undefined {
  const m =
    /^\s*mCurrentFocus=Window\{\S+ \S+ ([^\s/}]+)\/([^\s}]+)\}/m.exec(dumpsys) ??
    /^\s*mFocusedApp=.*ActivityRecord\{\S+ \S+ ([^\s/}]+)\/([^\s}]+)/m.exec(dumpsys)
  if (!m) return undefined
  const [, pkg, activity] = m as unknown as [string, string, string]
  return { package: pkg, activity: activity.startsWith('.') ? `${pkg}${activity}` : activity }
}

// The browser's own UI without animations. On Linux, Chromium and Firefox take the desktop's
// "enable animations" from GTK: with it off, a popup bubble, a side panel or a toolbar button's
// hover fade is drawn once instead of over 200 ms, so settle sees one change instead of eight and
// has nothing left to wait for (measured on Chromium 156: Escape on an open popup changed the
// screen from 90 to 289 ms after the key, and only at 57 ms with it off). Pages and extension
// pages keep the desktop's default motion preference: the browser is told so by its own flag.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const SETTINGS = '[Settings]\ngtk-enable-animations=false\n'

/**
 * Writes GTK 3 and 4 settings with animations off under `parent` and returns the environment that
 * has the browser read them: a system config folder placed before /etc/xdg (the default list), so a
 * user's own GTK settings (under XDG_CONFIG_HOME) still win.
 */
export async function stillToolkitEnv(parent: string): Promise<Record<string, string>> {
  const dir = join(parent, 'toolkit-config')
  for (const gtk of ['gtk-3.0', 'gtk-4.0']) {
    await mkdir(join(dir, gtk), { recursive: true })
    await writeFile(join(dir, gtk, 'settings.ini'), SETTINGS)
  }
  return { XDG_CONFIG_DIRS: `${dir}:/etc/xdg` }
}

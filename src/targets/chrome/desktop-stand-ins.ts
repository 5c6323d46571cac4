// Chromium on Linux keeps an extension's desktop shortcuts (an applications-menu entry, its icon in
// six sizes) through xdg-utils, and on every uninstall, app or not, it removes them: one
// xdg-desktop-menu and six xdg-icon-resource runs, shell scripts of 70-100 CPU-ms each here. The
// pool's switch to another extension uninstalls the one it ran, so each switch paid about half a
// CPU-second for shortcuts that never existed; and a test browser has no business in the user's menu
// and icons anyway.
import { mkdir, writeFile } from 'node:fs/promises'
import { delimiter, join } from 'node:path'

const TOOLS = ['xdg-desktop-menu', 'xdg-icon-resource'] as const

/** Where the browser looks for commands when it is not told: the default search path. */
const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin'

/**
 * Writes stand-ins for the xdg-utils the browser keeps shortcuts with, doing nothing, under `parent`,
 * and returns a PATH that finds them first (and everything else where it did).
 */
export async function desktopStandInsEnv(parent: string, path = process.env.PATH): Promise<{ PATH: string }> {
  const dir = join(parent, 'desktop-stand-ins')
  await mkdir(dir, { recursive: true })
  for (const tool of TOOLS) await writeFile(join(dir, tool), '#!/bin/sh\nexit 0\n', { mode: 0o755 })
  return { PATH: [dir, path || DEFAULT_PATH].join(delimiter) }
}

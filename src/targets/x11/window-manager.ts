// Firefox's popups need a window manager. On a bare X server the pointer moving into an extension
// popup closes it before a click lands; the pref that keeps it open (ui.popup.disable_autohide)
// also keeps it open on Escape after a click in it and on a click elsewhere, which no user sees.
// Under matchbox (no title bar: the page does not move) a click in the popup lands, and Escape or a
// click elsewhere closes it, as on a desktop (measured, README "Firefox").
import { execa } from 'execa'
import { reapOnExit } from '../child-reaper.ts'

export const WINDOW_MANAGER = 'matchbox-window-manager'

export type WindowManager =
  /** Ours, or, when it exits at once, the one already managing the display (matchbox then says "root window unavailable"). */
  | { readonly running: true; readonly pid: number; stop(): Promise<void> }
  /** Not installed: the caller falls back and says so. */
  | { readonly running: false; readonly why: string }

/** Starts matchbox on `display` for as long as the caller needs it; a display that has a window manager keeps its own. */
export async function startWindowManager(display: string): Promise<WindowManager> {
  const child = execa(WINDOW_MANAGER, ['-use_titlebar', 'no'], { env: { DISPLAY: display }, stdio: 'ignore', reject: false, cleanup: false })
  // (no pid: it could not be started at all, ENOENT; no wait for it to take the display either, as
  // Firefox's first window takes seconds)
  if (child.pid === undefined) {
    const { shortMessage = 'no pid' } = await child
    return { running: false, why: `${WINDOW_MANAGER} could not start (${shortMessage.split('\n')[0]}); on Debian: apt-get install ${WINDOW_MANAGER}` }
  }
  // It dies with its X server; this covers a display that outlives us (one the user named).
  const { pid } = child
  const untrack = reapOnExit({ pid })
  return {
    running: true,
    pid,
    stop: async () => {
      untrack()
      child.kill()
      await child
    },
  }
}

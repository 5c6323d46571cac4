// Firefox asks for an add-on's optional permissions in a doorhanger (PopupNotifications, id
// 'addon-webext-permissions') under the toolbar: part of the browser window, no BiDi context, so only
// real input answers it. Measured on ESR 153 under Xvfb: it opens 0.1–0.5 s after the click that
// asked, and the popup that asked stays open behind it. Firefox ignores a click on its buttons
// within security.notification_enable_delay of its showing (500 ms in a user's profile; the remote
// agent that serves WebDriver BiDi sets it to 0, measured), so Allow is clicked, with a real X11
// click where the window draws it, once that delay, whatever it is, has passed.
import { sleep } from '../../core/abort.ts'
import { performXdotool } from '../x11/xdotool.ts'
import type { BrowserWindow } from './browser-window.ts'

/** The open permission doorhanger: its text, its buttons' centres in screen pixels, and how long its buttons still ignore clicks. */
export interface Doorhanger {
  text: string
  allow: { label: string; x: number; y: number }
  deny: { label: string; x: number; y: number }
  /** ms until a click on a button counts (0: now). */
  armedIn: number
}

// Runs in the browser window: the open permission doorhanger, or null.
const DOORHANGER = `() => {
  const panel = PopupNotifications.panel
  const element = panel.state === 'open' && [...panel.children].find((n) => n.id === 'addon-webext-permissions-notification')
  if (!element || !element.notification) return 'null'
  const centre = (button) => {
    const r = button.getBoundingClientRect()
    return { label: button.label || '', x: Math.round(r.x + r.width / 2 + window.mozInnerScreenX), y: Math.round(r.y + r.height / 2 + window.mozInnerScreenY) }
  }
  const delay = Services.prefs.getIntPref('security.notification_enable_delay', 500)
  const armedIn = Math.max(0, Math.ceil((element.notification.timeShown ?? 0) + delay - ChromeUtils.now()))
  return JSON.stringify({ text: element.textContent.replace(/\\s+/g, ' ').trim(), allow: centre(element.button), deny: centre(element.secondaryButton), armedIn })
}`

/** The permission doorhanger open now, or undefined. */
export async function openDoorhanger(window: BrowserWindow): Promise<Doorhanger | undefined> {
  const found = JSON.parse((await window.run(DOORHANGER, [])) as string) as Doorhanger | null
  return found ?? undefined
}

/** Clicks the doorhanger's Allow with a real click on `display`, once its buttons take clicks. */
export async function clickAllow(window: BrowserWindow, display: string, doorhanger: Doorhanger, signal?: AbortSignal): Promise<void> {
  // A margin past the delay: Firefox's clock and this one are read a moment apart.
  if (doorhanger.armedIn > 0) await sleep(doorhanger.armedIn + 50, signal)
  const { allow } = (await openDoorhanger(window)) ?? doorhanger
  await performXdotool({ type: 'click', x: allow.x, y: allow.y, button: 'left' }, { display, ...(signal && { signal }) })
}

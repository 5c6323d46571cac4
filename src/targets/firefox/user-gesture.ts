// Code run "as the user" in a tab on Firefox. Firefox lets permissions.request() (and
// sidebarAction.open()) run only inside a user input handler, and a BiDi script.evaluate with
// userActivation is none. Measured on ESR 153, a click on a page's button calling request() with no
// await before it: BiDi userActivation is refused ("permissions.request may only be called from a
// user input handler"); a BiDi input.performActions click and a real X11 click both reach it, and an
// `await` of the add-on's storage or permissions before the call is refused after either. So the
// code runs in the click handler of a button put over the whole tab, clicked with input.
import type { BidiCall } from './bidi-call.ts'

/** The global the armed button keeps its outcome in: the promise `expression` returned. */
export const GESTURE_OUTCOME = 'globalThis.agentprobeGesture'

/**
 * An expression that puts a button over the whole tab whose click (removing it first, so the page
 * under it is hit-tested as the user sees it) runs `expression` inside the click's handler and keeps
 * its promise in GESTURE_OUTCOME. It resolves, once the button is drawn, to its centre in the tab's
 * viewport. Only what `expression` does before its first `await` runs inside the handler, as for the user.
 */
export function armGesture(expression: string): string {
  return `new Promise((drawn) => {
  const button = document.createElement('button')
  button.textContent = 'agentprobe: click as the user'
  button.style.cssText = 'position: fixed; inset: 0; width: 100vw; height: 100vh; z-index: 2147483647; font: 24px sans-serif'
  button.addEventListener('click', () => {
    button.remove()
    ${GESTURE_OUTCOME} = (async () => (${expression}))()
  }, { once: true })
  document.documentElement.append(button)
  requestAnimationFrame(() => requestAnimationFrame(() => drawn({ x: Math.floor(innerWidth / 2), y: Math.floor(innerHeight / 2) })))
})`
}

/** Clicks the tab `context` at `point` (its viewport) with WebDriver BiDi input, which Firefox handles as a user's. */
export async function clickWithInput(call: BidiCall, context: string, point: { x: number; y: number }): Promise<void> {
  const actions = [{ type: 'pointerMove', ...point }, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }]
  await call('input.performActions', { context, actions: [{ type: 'pointer', id: 'agentprobe-gesture', actions }] })
  await call('input.releaseActions', { context })
}

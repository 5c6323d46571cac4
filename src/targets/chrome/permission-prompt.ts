// Chrome 156 draws its extension permission prompt inside the browser window: no X window of its
// own and no DevTools target, so only real input reaches it. It opens with Deny focused; Tab moves
// to Allow and Return presses it.
import { performXdotool } from '../x11/xdotool.ts'
import type { AllowPrompt } from './permissions.ts'

/** Presses Allow on the open permission prompt of the browser drawn on `display`, by keyboard. */
export function allowPromptByKeys(display: string): AllowPrompt {
  return async () => {
    await performXdotool({ type: 'keypress', keys: ['tab'] }, { display })
    await performXdotool({ type: 'keypress', keys: ['enter'] }, { display })
  }
}

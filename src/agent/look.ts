// One fresh look at the screen for a cold read: let it settle, then capture, as the verifier does.
import type { Frame } from '../core/frame.ts'
import type { Screen } from '../core/screen.ts'
import { AGENT_DEFAULTS } from './options.ts'

export async function freshFrame(screen: Screen, signal?: AbortSignal): Promise<Frame> {
  await screen.settle({ stableMs: AGENT_DEFAULTS.settle.stableMs, captureNext: true, signal })
  return screen.capture()
}

// The seed starts `Xvfb :99 … &` and runs agentprobe on the next line: give that display a moment
// to come up, and say what to do when it never does.
import { ConfigError, errorMessage } from '../core/errors.ts'
import { X11Screen } from '../targets/x11/x11-screen.ts'

export async function waitForDisplay(display: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await (await X11Screen.attach({ display })).close()
      return
    } catch (error) {
      if (Date.now() >= deadline) {
        throw new ConfigError(
          `DISPLAY=${display} does not answer after ${timeoutMs} ms (${errorMessage(error).replace(/\s+/g, ' ')}): start it first (Xvfb ${display} -screen 0 1920x1080x24 &), or unset DISPLAY and agentprobe starts its own`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}

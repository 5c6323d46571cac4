// Firefox started with `--remote-debugging-port 0` picks a free port itself and says which on
// stderr ("WebDriver BiDi listening on ws://127.0.0.1:PORT"): no port is guessed, none can race.
import { raceAbort } from '../../core/abort.ts'

const LISTENING = /WebDriver BiDi listening on (ws:\/\/\S+)/

/** The BiDi WebSocket origin from Firefox's stderr (e.g. 'ws://127.0.0.1:40123'), once it is written. */
export function bidiEndpoint(onStderr: (listener: (chunk: string) => void) => void, signal: AbortSignal): Promise<string> {
  let seen = ''
  const found = new Promise<string>((resolve) => {
    onStderr((chunk) => {
      // A line may arrive in two chunks.
      seen = (seen + chunk).slice(-4000)
      const url = LISTENING.exec(seen)?.[1]
      if (url !== undefined) resolve(url)
    })
  })
  return raceAbort(found, signal)
}

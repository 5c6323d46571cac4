// What the X server says it drew, through its DAMAGE extension: settle asks it before reading the
// framebuffer, so a screen nothing draws on costs a round trip a poll instead of a whole read and
// compare (8 MB at 1080p every 25 ms: a fifth to half a core in the bench).
import x11, { type DamageExtension, type XClient, type XDisplay } from 'x11'

export interface DamageWatch {
  /**
   * A round trip to the server, then whether anything was drawn since `seen` (a count this returns;
   * 0 at first, which is always "drawn"). When it was, whatever the server has drawn so far is in the
   * framebuffer once this resolves, and anything drawn later raises the count again. `at`: when the
   * server last said it drew (performance.now()), as heard.
   */
  drawnSince(seen: number): Promise<{ drawn: boolean; count: number; at?: number }>
  close(): Promise<void>
}

/** Watches the whole of `display`'s root window; undefined when the server has no DAMAGE or cannot be reached. */
export async function watchDamage(display: string, timeoutMs = 5000): Promise<DamageWatch | undefined> {
  let client: XClient | undefined
  try {
    const connected = await new Promise<XDisplay>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer from ${display} in ${timeoutMs} ms`)), timeoutMs)
      client = x11.createClient({ display }, (error, d) => {
        clearTimeout(timer)
        if (error) reject(error)
        else resolve(d)
      })
      client.on('error', reject)
    })
    const X = connected.client
    // (the screen's owner ends the process, not this connection)
    X.stream?.unref?.()
    const damage = await new Promise<DamageExtension>((resolve, reject) => X.require('damage', (error, ext) => (error ? reject(error) : resolve(ext))))
    const id = X.AllocID()
    // NonEmpty: one event when the damaged region stops being empty, re-armed by emptying it.
    damage.Create(id, connected.screen[0]!.root, damage.ReportLevel.NonEmpty)
    let count = 1
    let drawnAt: number | undefined
    // The connection lost (the server gone, or closed): every later look counts as drawn, and the
    // framebuffer read says what happened.
    let lost!: () => void
    const gone = new Promise<false>((resolve) => (lost = () => resolve(false)))
    let ended = false
    const end = () => {
      ended = true
      lost()
    }
    X.on('error', end)
    X.on('end', end)
    X.on('event', (event) => {
      if (event.name !== 'DamageNotify') return
      count += 1
      drawnAt = performance.now()
      damage.Subtract(id, 0, 0)
    })
    const roundTrip = () => Promise.race([X.sync().then(() => true, () => false), gone])
    return {
      async drawnSince(seen) {
        if (ended || !(await roundTrip())) return { drawn: true, count: seen + 1 }
        if (count === seen) return { drawn: false, count }
        const now = count
        // The Subtract sent for the last event is done: what is drawn after it raises a new event.
        await roundTrip()
        return drawnAt === undefined ? { drawn: true, count: now } : { drawn: true, count: now, at: drawnAt }
      },
      close: async () => {
        if (ended) return
        const closed = new Promise<void>((resolve) => X.close(() => resolve()))
        end()
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())])
      },
    }
  } catch {
    client?.stream?.destroy?.()
    return undefined
  }
}

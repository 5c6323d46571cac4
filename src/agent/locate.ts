// screen.locate({ description }): the model finds an element on one fresh frame and answers in
// screen pixels; the point is checked against the screen, and recorded with the frame it was found on.
import { raceAbort } from '../core/abort.ts'
import { ModelError, errorMessage } from '../core/errors.ts'
import { ZERO_USAGE, addUsage, type LocateReply } from '../core/model.ts'
import type { TraceRead } from '../core/trace.ts'
import { freshFrame } from './look.ts'
import type { ReadDeps } from './query.ts'

/** The read as the trace keeps it, and the element when it was found (`read.error` says why not). */
export interface LocateOutcome {
  read: TraceRead
  found?: LocateReply
  cause?: unknown
}

/** Never throws, like queryScreen. */
export async function locateOnScreen({ screen, model, sink }: ReadDeps, description: string, { signal }: { signal?: AbortSignal } = {}): Promise<LocateOutcome> {
  const started = performance.now()
  const read: TraceRead = { verb: 'locate', ask: description, passed: false, usage: { ...ZERO_USAGE }, ms: 0 }
  let found: LocateReply | undefined
  let cause: unknown
  try {
    const given = await freshFrame(screen, signal)
    read.frame = await sink.saveFrame(given, 'phase', `locate: ${description}`)
    read.frameHash = given.phash
    found = await raceAbort(model.locate(description, given, { signal }), signal)
    if (found.frame) {
      read.frame = await sink.saveFrame(found.frame, 'phase', `locate: ${description}`)
      read.frameHash = found.frame.phash
    }
    read.usage = addUsage(read.usage, found.usage)
    read.point = found.point
    if (found.box) read.box = found.box
    if (found.evidence !== undefined) read.evidence = found.evidence
    const { width, height } = screen.size
    const { x, y } = found.point
    if (!(x >= 0 && y >= 0 && x < width && y < height)) throw new ModelError(`${model.id} located ${JSON.stringify(description)} at (${x}, ${y}), outside the ${width}×${height} screen`)
    read.passed = true
  } catch (error) {
    read.error = errorMessage(error)
    cause = error
  }
  read.ms = Math.round(performance.now() - started)
  return read.passed ? { read, found } : { read, cause }
}

// agent.query: structured data read off one fresh frame, with no loop context, like the verifier.
// The reply is validated against the test's schema; one that does not fit fails with what came back.
import { raceAbort } from '../core/abort.ts'
import { errorMessage } from '../core/errors.ts'
import { ZERO_USAGE, addUsage, type Model } from '../core/model.ts'
import { querySchema, readQueryValue, type QuerySchemaInput } from '../core/query-schema.ts'
import type { Screen } from '../core/screen.ts'
import type { TraceRead, TraceSink } from '../core/trace.ts'
import { freshFrame } from './look.ts'

/** What every read needs: the screen to look at, the model to ask, the trace to keep its frame in. */
export interface ReadDeps {
  screen: Screen
  model: Model
  sink: TraceSink
}

/** The read as the trace keeps it, and the value when it fits (`read.error` says why not). */
export interface QueryOutcome {
  read: TraceRead
  value?: unknown
  /** What failed, typed, when the read did not pass. */
  cause?: unknown
}

/** Never throws: a failure is in `read.error`, typed in `cause`, so the caller records it before throwing. */
export async function queryScreen({ screen, model, sink }: ReadDeps, question: string, schema: QuerySchemaInput, { signal }: { signal?: AbortSignal } = {}): Promise<QueryOutcome> {
  const started = performance.now()
  const read: TraceRead = { verb: 'query', ask: question, passed: false, usage: { ...ZERO_USAGE }, ms: 0 }
  let value: unknown
  let cause: unknown
  try {
    const asked = querySchema(schema)
    const given = await freshFrame(screen, signal)
    read.frame = await sink.saveFrame(given, 'phase', `query: ${question}`)
    read.frameHash = given.phash
    const reply = await raceAbort(model.query(question, asked.json, given, { signal }), signal)
    // A replay that waited for the screen read a newer frame: that one is the read's.
    if (reply.frame) {
      read.frame = await sink.saveFrame(reply.frame, 'phase', `query: ${question}`)
      read.frameHash = reply.frame.phash
    }
    read.reply = reply.text
    read.usage = addUsage(read.usage, reply.usage)
    if (reply.evidence !== undefined) read.evidence = reply.evidence
    value = readQueryValue(asked, reply.value, reply.text, question)
    read.value = value
    read.passed = true
  } catch (error) {
    read.error = errorMessage(error)
    cause = error
  }
  read.ms = Math.round(performance.now() - started)
  return read.passed ? { read, value } : { read, cause }
}

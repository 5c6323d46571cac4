// The cold verifier: a fresh screenshot and only the question, no loop context.
// Anything but a clear YES fails; an error is a failure too, never a silent pass.
import { errorMessage } from '../core/errors.ts'
import { raceAbort } from '../core/abort.ts'
import { ZERO_USAGE, addUsage, type Model } from '../core/model.ts'
import type { Screen } from '../core/screen.ts'
import type { TraceSink, TraceVerification } from '../core/trace.ts'

export interface VerifyDeps {
  screen: Screen
  model: Model
  sink: TraceSink
}

export async function verifyScreen(
  { screen, model, sink }: VerifyDeps,
  question: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TraceVerification> {
  const started = performance.now()
  const result: TraceVerification = { question, passed: false, usage: { ...ZERO_USAGE }, ms: 0 }
  try {
    await screen.settle({ signal })
    const frame = await screen.capture()
    result.frame = await sink.saveFrame(frame, 'phase', 'verification')
    result.frameHash = frame.phash
    const verdict = await raceAbort(model.verify(question, frame, { signal }), signal)
    result.answer = verdict.answer
    result.evidence = verdict.evidence
    result.usage = addUsage(ZERO_USAGE, verdict.usage)
    result.passed = verdict.answer === 'YES'
  } catch (error) {
    result.error = errorMessage(error)
  }
  result.ms = Math.round(performance.now() - started)
  return result
}

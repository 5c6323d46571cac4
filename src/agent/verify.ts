// The cold verifier: a fresh screenshot and only the question, no loop context.
// Anything but a clear YES fails; an error is a failure too, never a silent pass.
import { errorMessage } from '../core/errors.ts'
import { raceAbort } from '../core/abort.ts'
import type { Frame } from '../core/frame.ts'
import { ZERO_USAGE, addUsage, type Model } from '../core/model.ts'
import { waitForChange, type Screen } from '../core/screen.ts'
import type { TraceSink, TraceVerification } from '../core/trace.ts'
import { AGENT_DEFAULTS } from './options.ts'

export interface VerifyDeps {
  screen: Screen
  model: Model
  sink: TraceSink
}

export interface VerifyOptions {
  signal?: AbortSignal
  /**
   * An answer other than the one expected gets a second look, as Playwright's assertions retry: as
   * soon as the screen changes, or after this many ms (default 5000, Playwright's assertion
   * timeout; 0: no second look). The second verdict counts. Always one more call, never zero or
   * two, so a cassette replays the same calls whatever the screen did.
   */
  recheckMs?: number
  /**
   * The answer the caller hopes for: 'NO' for `expect(screen).not.toVerify(…)`, whose NO then
   * stands at once and whose YES (a dialog still closing) gets the second look. Default 'YES'.
   */
  expecting?: 'YES' | 'NO'
}

/** On two loaded cores a popup opened by the last click has taken over 1.5 s to appear. */
export const DEFAULT_RECHECK_MS = 5000

export async function verifyScreen({ screen, model, sink }: VerifyDeps, question: string, { signal, recheckMs = DEFAULT_RECHECK_MS, expecting = 'YES' }: VerifyOptions = {}): Promise<TraceVerification> {
  const started = performance.now()
  const result: TraceVerification = { question, passed: false, usage: { ...ZERO_USAGE }, ms: 0 }
  const judge = async (label: string): Promise<Frame> => {
    await screen.settle({ stableMs: AGENT_DEFAULTS.settle.stableMs, captureNext: true, signal })
    const frame = await screen.capture()
    result.frame = await sink.saveFrame(frame, 'phase', label)
    result.frameHash = frame.phash
    const verdict = await raceAbort(model.verify(question, frame, { signal }), signal)
    // A replay that waited for the screen judged a newer frame: that one is the verification's.
    if (verdict.frame) {
      result.frame = await sink.saveFrame(verdict.frame, 'phase', label)
      result.frameHash = verdict.frame.phash
    }
    result.answer = verdict.answer
    result.evidence = verdict.evidence
    result.usage = addUsage(result.usage, verdict.usage)
    return frame
  }
  try {
    const judged = await judge('verification')
    if (result.answer !== expecting && recheckMs > 0) {
      const first = { frame: result.frame, answer: result.answer ?? 'NO', evidence: result.evidence }
      // A reply still on its way when the frame looked settled shows up here.
      await waitForChange(screen, judged, { timeoutMs: recheckMs, signal })
      await judge('verification, second look')
      result.firstLook = first
    }
    result.passed = result.answer === 'YES'
  } catch (error) {
    result.error = errorMessage(error)
  }
  result.ms = Math.round(performance.now() - started)
  return result
}

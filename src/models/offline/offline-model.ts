// The keyless default model: it plans the instruction with a small grammar, grounds each step on
// the frame by OCR and icon matching, and verifies only quoted text. It never claims to judge
// what it cannot read, and its messages say how to choose a vision model instead.
import { ModelError } from '../../core/errors.ts'
import type { Frame } from '../../core/frame.ts'
import { ZERO_USAGE, type Decision, type Model, type Turn, type Verdict } from '../../core/model.ts'
import { groundStep, type ActionStep, type Selection, type StepLocator } from './ground-step.ts'
import { planInstruction, type Plan } from './planner.ts'
import { CHOOSE_A_MODEL, verifyQuoted } from './verify-quoted.ts'

export interface OfflineModelOptions {
  locator: StepLocator
  /** The extension's manifest icon (PNG bytes), to find its toolbar button. */
  extensionIcon?: Uint8Array
  /** Looks for a missing label again this many times (after a short wait) before failing. */
  retries?: number
  retryWaitMs?: number
}

interface RunState {
  plan: Plan
  /** Index of the next step to perform. */
  cursor: number
  /** Misses of the current step so far. */
  misses: number
  done: string[]
  /** What a select step highlighted last. */
  selection?: Selection
}

const GRAMMAR =
  "click, right-click or double-click 'a label' [in the page / toolbar / popup / side panel], a point (at 640, 400), the extension icon or the selection, select the text 'words', type 'text' [into the 'field' field], press a key (Enter, ctrl+shift+t), scroll up/down [N times], wait N seconds"

export class OfflineModel implements Model {
  readonly id = 'offline'
  readonly #options: OfflineModelOptions
  readonly #runs = new Map<string, RunState>()

  constructor(options: OfflineModelOptions) {
    this.#options = options
  }

  async next(turn: Turn): Promise<Decision> {
    const run = this.#runs.get(turn.runId) ?? this.#start(turn.runId, turn.instruction)
    const failed = (text: string): Decision => {
      this.#runs.delete(turn.runId)
      return { status: 'failed', actions: [], text, usage: ZERO_USAGE }
    }
    if (run.plan.unknown.length > 0) {
      return failed(`the offline model does not understand ${run.plan.unknown.map((u) => `"${u}"`).join(', ')}. It understands: ${GRAMMAR}. Quote the labels to click, or ${CHOOSE_A_MODEL}.`)
    }
    if (run.plan.actions === 0) {
      return failed(`the offline model found nothing to do in "${turn.instruction}". It understands: ${GRAMMAR}.`)
    }
    const step = run.plan.steps.slice(run.cursor).find((s): s is ActionStep => s.kind !== 'expect' && s.kind !== 'unknown')
    if (!step) {
      this.#runs.delete(turn.runId)
      return { status: 'passed', actions: [], text: summary(run), usage: ZERO_USAGE }
    }
    const { locator, extensionIcon } = this.#options
    const grounded = await groundStep(step, { frame: turn.frame, screen: turn.screen, locator, extensionIcon, selection: run.selection })
    if ('missed' in grounded) {
      const retries = this.#options.retries ?? 2
      if (run.misses >= retries) return failed(`step "${step.source}": ${grounded.missed}`)
      run.misses++
      const ms = this.#options.retryWaitMs ?? 750
      return { status: 'continue', actions: [{ type: 'wait', ms }], text: `not on screen yet, looking again in ${ms} ms (${run.misses} of ${retries}): ${grounded.missed}`, usage: ZERO_USAGE }
    }
    run.cursor = run.plan.steps.indexOf(step) + 1
    run.misses = 0
    run.done.push(grounded.did)
    if (grounded.selected) run.selection = grounded.selected
    return { status: 'continue', actions: grounded.actions, text: grounded.did, usage: ZERO_USAGE }
  }

  async verify(question: string, frame: Frame): Promise<Verdict> {
    try {
      return await verifyQuoted(question, frame, this.#options.locator)
    } catch (error) {
      if (error instanceof ModelError) throw error
      throw new ModelError(`the offline verifier failed on "${question}": ${String(error)}`, { cause: error, context: { model: this.id } })
    }
  }

  #start(runId: string, instruction: string): RunState {
    const run: RunState = { plan: planInstruction(instruction), cursor: 0, misses: 0, done: [] }
    this.#runs.set(runId, run)
    return run
  }
}

function summary(run: RunState): string {
  const expectations = run.plan.steps.filter((s) => s.kind === 'expect').map((s) => `"${s.source}"`)
  const did = run.done.map((d, i) => `${i + 1}. ${d}`).join('; ')
  const notJudged = expectations.length > 0 ? ` Not judged here (left to verification): ${expectations.join(', ')}.` : ''
  return `Done: ${did}.${notJudged}`
}

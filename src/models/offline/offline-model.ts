// The keyless default model: it plans the instruction with a small grammar, grounds each step on
// the frame by OCR and icon matching, and verifies only quoted text. It never claims to judge
// what it cannot read, and its messages say how to choose a vision model instead.
import { ModelError } from '../../core/errors.ts'
import type { Frame } from '../../core/frame.ts'
import { ZERO_USAGE, type Decision, type JsonObjectSchema, type LocateReply, type Model, type QueryReply, type Turn, type Verdict } from '../../core/model.ts'
import type { OpenedMenu } from './find-in-menu.ts'
import { findTarget, groundStep, type ActionStep, type Selection, type StepLocator } from './ground-step.ts'
import { describedTarget, planInstruction, type Plan } from './planner.ts'
import { queryQuoted, type WordReader } from './query-quoted.ts'
import { CHOOSE_A_MODEL, cannotJudge, verifyQuoted } from './verify-quoted.ts'

export interface OfflineModelOptions {
  locator: StepLocator & WordReader
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
  /** The menu the last right-click opened, until another step acts. */
  menu?: OpenedMenu
}

const GRAMMAR =
  "click, right-click or double-click 'a label' [in the page / toolbar / popup / side panel / context menu], a point (at 640, 400), the extension icon or the selection, select the text 'words', type 'text' [into the 'field' field], press a key (Enter, ctrl+shift+t), scroll up/down [N times], wait N seconds"

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
    const grounded = await groundStep(step, { frame: turn.frame, screen: turn.screen, locator, extensionIcon, selection: run.selection, menu: run.menu })
    const retries = this.#options.retries ?? 2
    // A miss, or a find in doubt, is looked at again after a wait; a doubt left on the last look is acted on.
    if ('missed' in grounded || (grounded.doubt && run.misses < retries)) {
      const why = 'missed' in grounded ? grounded.missed : grounded.doubt
      if (run.misses >= retries) return failed(`step "${step.source}": ${why}`)
      run.misses++
      const ms = this.#options.retryWaitMs ?? 750
      return { status: 'continue', actions: [{ type: 'wait', ms }], text: `not on screen yet, looking again in ${ms} ms (${run.misses} of ${retries}): ${why}`, usage: ZERO_USAGE }
    }
    run.cursor = run.plan.steps.indexOf(step) + 1
    run.misses = 0
    const did = grounded.doubt ? `${grounded.did} (${grounded.doubt})` : grounded.did
    run.done.push(did)
    if (grounded.selected) run.selection = grounded.selected
    const click = grounded.actions[0]
    // A right-click opens a menu the next label step looks in first; any other acting step (a wait aside) leaves it behind.
    if (step.kind === 'click' && step.button === 'right' && click?.type === 'click') run.menu = { at: { x: click.x, y: click.y }, before: turn.frame }
    else if (step.kind !== 'wait') run.menu = undefined
    return { status: 'continue', actions: grounded.actions, text: did, usage: ZERO_USAGE }
  }

  async query(question: string, schema: JsonObjectSchema, frame: Frame): Promise<QueryReply> {
    return this.#guard(`the offline query failed on "${question}"`, () => queryQuoted(question, schema, frame, this.#options.locator))
  }

  async locate(description: string, frame: Frame): Promise<LocateReply> {
    return this.#guard(`the offline locate failed on "${description}"`, async () => {
      const target = describedTarget(description)
      if (!target || 'point' in target) throw cannotJudge(description, "it finds only a quoted label (the 'Save' button [in the popup]) or the extension icon")
      const found = await findTarget(target, { frame, screen: frame, locator: this.#options.locator, extensionIcon: this.#options.extensionIcon })
      if ('missed' in found) throw new ModelError(`the offline model did not find ${JSON.stringify(description)}: ${found.missed}`, { context: { model: this.id } })
      return { point: found.at, ...(found.box && { box: found.box }), evidence: `found ${found.what} at (${found.at.x}, ${found.at.y})${found.note ? `; ${found.note}` : ''}`, usage: ZERO_USAGE }
    })
  }

  async verify(question: string, frame: Frame): Promise<Verdict> {
    return this.#guard(`the offline verifier failed on "${question}"`, () => verifyQuoted(question, frame, this.#options.locator))
  }

  /** A refusal or a miss as it is; anything else (an OCR crash) as a ModelError that says what failed. */
  async #guard<T>(what: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read()
    } catch (error) {
      if (error instanceof ModelError) throw error
      throw new ModelError(`${what}: ${String(error)}`, { cause: error, context: { model: this.id } })
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

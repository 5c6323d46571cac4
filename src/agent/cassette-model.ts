// Replays a recorded test's model calls while the live screen matches what the model saw, and
// calls the live model (recording its answers) from the first step that does not. A live frame
// that does not match yet is watched, bounded, like Playwright's assertions: the screen may still
// be on its way to the recorded state. In `replay` mode a frame that never matched within the
// bound is replay_drift: CI never pays for a call it did not plan.
// A replayed decision is held as long as the model took to make it (up to a bound): the app had
// that long to get ready when it was recorded, and a click on a popup the moment it is painted can
// land before its script is ready (measured: a side panel that never opened, under load).
// A recording also keeps the screen as it was when the answer came, when it no longer looked like
// the frame the model saw: under load a frame is taken while a popup still fades in, and a replay
// that sees the popup drawn matches the screen the recorded click met.
// A recorded decision that does not act (done, or a wait) may have been made on a screen still on
// its way (a browser slow to react to the click before it): a replay whose screen already shows
// where the recording went next replays it as well, and skips a wait the screen no longer needs.
import { setTimeout as delay } from 'node:timers/promises'
import { AgentprobeError } from '../core/errors.ts'
import { hideInText, hideInValue, hideSecrets, revealInValue, revealSecrets, textDifference, type CassetteCall, type CassetteMode } from '../core/cassette.ts'
import { framesMatch, type Frame } from '../core/frame.ts'
import type { Screen } from '../core/screen.ts'
import { ZERO_USAGE, addUsage, type Decision, type JsonObjectSchema, type LocateReply, type Model, type QueryReply, type Turn, type Verdict } from '../core/model.ts'

type AgentCall = Extract<CassetteCall, { kind: 'agent' }>
type VerifyCall = Extract<CassetteCall, { kind: 'verify' }>
/** A call on one frame with no loop context: a verdict, a query or a locate. */
type ColdCall = Exclude<CassetteCall, AgentCall>

/** How one kind of cold call replays, goes live and is recorded. */
interface ColdPlan<C extends ColdCall, R extends { frame?: Frame }> {
  recorded: C | undefined
  /** Later recorded calls that may stand in for it when the live screen shows theirs (a waitFor's looks), with their places. */
  later?: { call: C; index: number }[]
  given: Frame
  signal?: AbortSignal
  /** Counted with the verdicts, or with the reads (query, locate). */
  counter: 'Verdicts' | 'Reads'
  /** For messages: the call as the test wrote it, and when the recorded frame was seen. */
  what: string
  when: string
  replay(call: C): R
  live(frame: Frame): Promise<R>
  record(reply: R, frame: Frame): C
}

export interface CassetteModelOptions {
  mode: CassetteMode
  /** This test's recorded calls, in order. */
  recorded: readonly CassetteCall[]
  /** The live model, created only when a call must go to it. */
  live: () => Model
  /** The model id: the live model's, or in replay the model whose recording replays. */
  id: string
  /** Watches a live frame that does not match the recorded one until it does, up to `timeoutMs`. */
  watch?: { screen: Pick<Screen, 'capture'>; timeoutMs: number; intervalMs?: number }
  /** Named secrets the test supplies: stored as {{name}}, filled in again at replay. */
  secrets?: Readonly<Record<string, string>>
  /** Writes a recorded | live | difference image for a drift and returns its path. */
  onDrift?: (recordedPhash: string, live: Frame) => Promise<string | undefined>
  /** Keeps the frame a live decision was made on (for later drift images). */
  onRecord?: (frame: Frame) => Promise<void>
  /**
   * The words a frame shows (read by OCR, joined by spaces). Given, a verdict or a query records them
   * and replays only on a screen that shows the same words: the grid cannot tell 'Count: 0' from
   * 'Count: 1', and a replayed YES on the wrong count would pass a broken build.
   */
  readScreen?: (frame: Frame) => Promise<string>
  /** The longest a replayed decision is held after its frame (default REPLAY_HOLD_MAX_MS). */
  holdMaxMs?: number
}

/** A replayed decision waits at most this long for the time its model took. */
export const REPLAY_HOLD_MAX_MS = 1000
/** The hold of a step recorded before cassettes kept the model's time. */
const UNTIMED_HOLD_MS = 500

export interface CassetteStats {
  replayedSteps: number
  liveSteps: number
  replayedVerdicts: number
  liveVerdicts: number
  /** Query and locate calls. */
  replayedReads: number
  liveReads: number
  /** What the replayed calls cost when they were recorded. */
  savedUsd: number
}

interface Run {
  recorded?: AgentCall
  out: AgentCall
  live: boolean
  /** Recorded waits skipped because the screen had already moved past them. */
  skipped: number
}

type AgentStep = AgentCall['steps'][number]

/** What a recording saw after a step: the next step's frame, or after the last step the next call's (each look of a verification). */
interface Ahead {
  phashes: string[]
  /** The next step, which replays in place of a skipped wait. */
  next?: AgentStep
}

export class ReplayDriftError extends AgentprobeError {
  constructor(message: string, diff?: string) {
    super('AGENTPROBE_REPLAY_DRIFT', diff ? `${message}; side-by-side diff: ${diff}` : message, { context: { diff } })
  }
}

export class CassetteModel implements Model {
  readonly id: string
  /** What this run produced, replayed or live: the test's new recording. */
  readonly calls: CassetteCall[] = []
  readonly stats: CassetteStats = { replayedSteps: 0, liveSteps: 0, replayedVerdicts: 0, liveVerdicts: 0, replayedReads: 0, liveReads: 0, savedUsd: 0 }
  readonly #o: CassetteModelOptions
  readonly #runs = new Map<string, Run>()
  #cursor = 0
  #live: Model | undefined

  constructor(options: CassetteModelOptions) {
    this.#o = options
    this.id = options.id
  }

  async next(turn: Turn): Promise<Decision> {
    const run = this.#run(turn)
    const index = turn.step - 1 + run.skipped
    const recorded = run.recorded?.steps[index]
    const replayable = this.#replaying() && !run.live && recorded !== undefined
    const ahead = replayable && !acts(recorded) ? this.#ahead(run, index) : undefined
    const own = replayable ? stepPhashes(recorded) : []
    const frame = replayable ? await this.#watch([...own, ...(ahead?.phashes ?? [])], turn.frame, turn.signal) : turn.frame
    // The frame the decision was made on, when watching took a newer one than the loop's.
    const seen = frame === turn.frame ? {} : { frame }
    const notes = frame === turn.frame ? [] : [`replay waited ${Math.round(frame.at - turn.frame.at)} ms for the screen to match the recording`]
    let step = own.some((p) => framesMatch(p, frame.phash)) ? recorded : undefined
    if (step && !framesMatch(step.phash, frame.phash)) notes.push('replay matched the screen the recorded answer met: its model saw the screen still changing')
    if (replayable && !step && ahead?.phashes.some((p) => framesMatch(p, frame.phash))) {
      step = ahead.next ?? recorded
      if (ahead.next) run.skipped++
      notes.push(ahead.next ? 'replay skipped a recorded wait: the screen already showed what the recording saw after it' : 'the recording decided this on a screen still changing: this one already shows what the recording saw next')
    }
    if (step) {
      this.stats.replayedSteps++
      this.stats.savedUsd += step.usage.costUsd
      run.out.steps.push(step)
      const secrets = this.#o.secrets ?? {}
      if (step.actions.length > 0) notes.push(await this.#hold(step, frame, turn.signal))
      return { status: step.status, actions: step.actions.map((a) => revealSecrets(a, secrets)), ...(step.text !== undefined && { text: step.text }), ...seen, ...(notes.length > 0 && { notes }) }
    }
    if (this.#o.mode === 'replay') {
      const why = !run.recorded
        ? `the cassette has no recording of agent.do(${JSON.stringify(turn.instruction)}) here`
        : !recorded
          ? `the recording of agent.do(${JSON.stringify(turn.instruction)}) ends before step ${turn.step}`
          : `step ${turn.step} of agent.do(${JSON.stringify(turn.instruction)}): ${this.#unlike('when the model decided')}`
      throw new ReplayDriftError(`replay_drift: ${why}`, recorded ? await this.#o.onDrift?.(recorded.phash, frame) : undefined)
    }
    // From here on this run is live: later recorded steps were decided on a screen that no longer exists.
    run.live = true
    const decision = await this.#liveModel().next({ ...turn, frame })
    const thinkMs = Math.max(0, Date.now() - frame.at)
    // Only a hint for later replays: a screen that cannot be read now fails the loop's next capture, with its reason.
    const answered = await this.#o.watch?.screen.capture().catch(() => undefined)
    this.stats.liveSteps++
    await this.#o.onRecord?.(frame)
    const secrets = this.#o.secrets ?? {}
    run.out.steps.push({
      phash: frame.phash,
      actions: decision.actions.map((a) => hideSecrets(a, secrets)),
      status: decision.status,
      ...(decision.text !== undefined && { text: decision.text }),
      usage: addUsage(ZERO_USAGE, decision.usage),
      thinkMs,
      ...(answered && !framesMatch(answered.phash, frame.phash) && { answeredOn: answered.phash }),
    })
    return { ...decision, ...seen }
  }

  async verify(question: string, given: Frame, options?: { signal?: AbortSignal }): Promise<Verdict> {
    return this.#cold<VerifyCall, Verdict>({
      ...this.#takeVerdict(question),
      given,
      signal: options?.signal,
      counter: 'Verdicts',
      what: JSON.stringify(question),
      when: 'when it was judged',
      replay: (c) => ({ answer: c.answer, evidence: c.evidence }),
      live: (frame) => this.#liveModel().verify(question, frame, options),
      record: (v, frame) => ({ kind: 'verify', model: this.id, question, phash: frame.phash, answer: v.answer, evidence: v.evidence, usage: addUsage(ZERO_USAGE, v.usage) }),
    })
  }

  async query(question: string, schema: JsonObjectSchema, given: Frame, options?: { signal?: AbortSignal }): Promise<QueryReply> {
    const secrets = this.#o.secrets ?? {}
    const asked = JSON.stringify(schema)
    type QueryCall = Extract<CassetteCall, { kind: 'query' }>
    return this.#cold<QueryCall, QueryReply>({
      recorded: this.#take<QueryCall>('query', (c) => c.question === question && JSON.stringify(c.schema) === asked),
      given,
      signal: options?.signal,
      counter: 'Reads',
      what: `query ${JSON.stringify(question)}`,
      when: 'when it was read',
      replay: (c) => ({ value: revealInValue(c.value, secrets), text: revealInValue(c.text, secrets) as string, ...(c.evidence !== undefined && { evidence: c.evidence }) }),
      live: (frame) => this.#liveModel().query(question, schema, frame, options),
      record: (r, frame) => ({
        kind: 'query',
        model: this.id,
        question,
        schema,
        phash: frame.phash,
        value: hideInValue(r.value, secrets),
        text: hideInText(r.text, secrets),
        ...(r.evidence !== undefined && { evidence: hideInText(r.evidence, secrets) }),
        usage: addUsage(ZERO_USAGE, r.usage),
      }),
    })
  }

  async locate(description: string, given: Frame, options?: { signal?: AbortSignal }): Promise<LocateReply> {
    type LocateCall = Extract<CassetteCall, { kind: 'locate' }>
    return this.#cold<LocateCall, LocateReply>({
      // A point recorded on another screen size is somewhere else on this one.
      recorded: this.#take<LocateCall>('locate', (c) => c.description === description && c.screen.width === given.width && c.screen.height === given.height),
      given,
      signal: options?.signal,
      counter: 'Reads',
      what: `locate ${JSON.stringify(description)}`,
      when: 'when it was found',
      replay: (c) => ({ point: c.point, ...(c.box && { box: c.box }), ...(c.evidence !== undefined && { evidence: c.evidence }) }),
      live: (frame) => this.#liveModel().locate(description, frame, options),
      record: (r, frame) => ({
        kind: 'locate',
        model: this.id,
        description,
        phash: frame.phash,
        screen: { width: frame.width, height: frame.height },
        point: r.point,
        ...(r.box && { box: r.box }),
        ...(r.evidence !== undefined && { evidence: r.evidence }),
        usage: addUsage(ZERO_USAGE, r.usage),
      }),
    })
  }

  /**
   * One cold call: replayed while the live frame looks like the recorded one and shows the words it
   * showed, else live (and recorded) or, in replay, drift.
   */
  async #cold<C extends ColdCall, R extends { frame?: Frame }>(p: ColdPlan<C, R>): Promise<R> {
    const replayable = p.recorded !== undefined && this.#replaying()
    const candidates = p.recorded ? [{ call: p.recorded, index: -1 }, ...(p.later ?? [])] : []
    let unread: string | undefined
    const find = async (f: Frame) => {
      for (const c of candidates.filter((c) => framesMatch(c.call.phash, f.phash))) {
        const gone = await this.#wordsGone(c.call, f)
        if (gone === undefined) return c
        unread = gone
      }
      return undefined
    }
    const { frame, found: match } = replayable ? await this.#watchFor(find, p.given, p.signal) : { frame: p.given, found: undefined }
    const seen = frame === p.given ? {} : { frame }
    if (match) {
      if (match.index >= 0) this.#cursor = match.index + 1
      this.stats[`replayed${p.counter}`]++
      this.stats.savedUsd += match.call.usage.costUsd
      this.calls.push(match.call)
      return { ...p.replay(match.call), ...seen }
    }
    if (this.#o.mode === 'replay') {
      const why = !p.recorded ? 'the cassette has no recording of it here' : unread !== undefined ? `the screen looked the way it did ${p.when}, but ${unread}` : this.#unlike(p.when)
      throw new ReplayDriftError(`replay_drift: ${p.what}: ${why}`, p.recorded ? await this.#o.onDrift?.(p.recorded.phash, frame) : undefined)
    }
    const reply = await p.live(frame)
    this.stats[`live${p.counter}`]++
    await this.#o.onRecord?.(frame)
    const call = p.record(reply, frame)
    // (a locate keeps a point, not a reading: a relabelled button is still where it was)
    const screenText = call.kind === 'locate' ? undefined : await this.#screenText(frame)
    this.calls.push({ ...call, ...(screenText !== undefined && { screenText }) })
    return { ...reply, ...seen }
  }

  /** The words `frame` shows, typed secrets as {{name}}; undefined without a reader. */
  async #screenText(frame: Frame): Promise<string | undefined> {
    return this.#o.readScreen && hideInText(await this.#o.readScreen(frame), this.#o.secrets ?? {})
  }

  /** Which recorded words `frame` no longer shows (or shows anew), said for a drift; undefined when it shows the same, or the call kept none. */
  async #wordsGone(call: ColdCall, frame: Frame): Promise<string | undefined> {
    if (call.kind === 'locate' || call.screenText === undefined) return undefined
    const live = await this.#screenText(frame)
    const difference = live === undefined ? undefined : textDifference(call.screenText, live)
    if (difference === undefined) return undefined
    const words = (list: string[]) => (list.length === 0 ? 'nothing' : list.slice(0, 8).map((w) => JSON.stringify(w)).join(', ') + (list.length > 8 ? ', …' : ''))
    return `its text differs: it showed ${words(difference.gone)} where the screen now shows ${words(difference.new)}`
  }

  /**
   * The recorded verdict for this question, and the verdicts on it that follow a NO. A waitFor's
   * looks are consecutive verdicts on one question: a replay whose screen is already further along
   * skips the NOs it no longer shows.
   */
  #takeVerdict(question: string): { recorded: VerifyCall | undefined; later: { call: VerifyCall; index: number }[] } {
    const same = (c: CassetteCall | undefined): c is VerifyCall => c?.kind === 'verify' && c.question === question
    const calls = this.#o.recorded
    const later: { call: VerifyCall; index: number }[] = []
    for (let i = this.#cursor; same(calls[i]) && (calls[i] as VerifyCall).answer === 'NO' && same(calls[i + 1]); i++) later.push({ call: calls[i + 1] as VerifyCall, index: i + 1 })
    const recorded = this.#take<VerifyCall>('verify', (c) => c.question === question)
    return { recorded, later: recorded ? later : [] }
  }

  /** What the recording saw after step `index` of this run: the next step, or after the last one the verification's looks that follow the run. */
  #ahead(run: Run, index: number): Ahead {
    const next = run.recorded?.steps[index + 1]
    if (next) return { phashes: stepPhashes(next), next }
    // After the last step: the next recorded call's screen (each look of a verification that looked again).
    const first = this.#o.recorded[this.#cursor]
    if (first?.kind === 'agent') return { phashes: first.steps[0] ? stepPhashes(first.steps[0]) : [] }
    if (first?.kind !== 'verify') return { phashes: first ? [first.phash] : [] }
    const phashes: string[] = []
    for (const call of this.#o.recorded.slice(this.#cursor)) {
      if (call.kind !== 'verify' || call.question !== first.question) break
      phashes.push(call.phash)
    }
    return { phashes }
  }

  #unlike(when: string): string {
    const watch = this.#o.watch
    return watch ? `the screen did not look the way it did ${when} within ${watch.timeoutMs} ms` : `the screen no longer looks the way it did ${when}`
  }

  /** `frame` when it matches one of the recorded hashes; else new frames until one does or the bound is spent (then the last one). */
  async #watch(phashes: readonly string[], frame: Frame, signal?: AbortSignal): Promise<Frame> {
    return (await this.#watchFor(async (f) => phashes.some((p) => framesMatch(p, f.phash)) || undefined, frame, signal)).frame
  }

  /** What `find` finds on `frame`; else on new frames until it finds something or the bound is spent (then the last frame, nothing found). */
  async #watchFor<T>(find: (frame: Frame) => Promise<T | undefined>, frame: Frame, signal?: AbortSignal): Promise<{ frame: Frame; found: T | undefined }> {
    const watch = this.#o.watch
    let found = await find(frame)
    if (!watch || found !== undefined) return { frame, found }
    const deadline = performance.now() + watch.timeoutMs
    let latest = frame
    while (performance.now() < deadline) {
      signal?.throwIfAborted()
      await new Promise((resolve) => setTimeout(resolve, watch.intervalMs ?? 100))
      latest = await watch.screen.capture()
      found = await find(latest)
      if (found !== undefined) return { frame: latest, found }
    }
    return { frame: latest, found: undefined }
  }

  /** Waits until the decision is as old as the recorded model's answer was (capped), and says how it went. */
  async #hold(step: AgentCall['steps'][number], frame: Frame, signal?: AbortSignal): Promise<string> {
    const wanted = Math.min(step.thinkMs ?? UNTIMED_HOLD_MS, this.#o.holdMaxMs ?? REPLAY_HOLD_MAX_MS)
    const until = frame.at + wanted
    const planned = Math.max(0, Math.ceil(until - Date.now()))
    // A timer can fire early by as much as the event loop's clock lags behind: wait out the rest.
    for (let left = planned; left > 0; left = Math.ceil(until - Date.now())) {
      await delay(left, undefined, { signal }).catch((error: unknown) => {
        signal?.throwIfAborted()
        throw error
      })
    }
    // Under load, watching for the screen can take longer than the hold: then it holds 0 ms.
    return `replay held the decision ${planned} ms and acts ${Date.now() - frame.at} ms after its frame (${wanted} ms wanted, as the model took when it was recorded)`
  }

  #replaying(): boolean {
    return this.#o.mode === 'auto' || this.#o.mode === 'replay'
  }

  #run(turn: Turn): Run {
    let run = this.#runs.get(turn.runId)
    if (!run) {
      const recorded = this.#take<AgentCall>('agent', (c) => c.instruction === turn.instruction)
      run = { recorded, out: { kind: 'agent', model: this.id, instruction: turn.instruction, screen: turn.screen, steps: [] }, live: false, skipped: 0 }
      this.#runs.set(turn.runId, run)
      this.calls.push(run.out)
    }
    return run
  }

  /** The next recorded call, when it is of this kind and fits; the cursor moves past it either way. */
  #take<C extends CassetteCall>(kind: C['kind'], fits: (call: C) => boolean): C | undefined {
    const call = this.#o.recorded[this.#cursor]
    this.#cursor++
    return call && call.kind === kind && fits(call as C) ? (call as C) : undefined
  }

  #liveModel(): Model {
    this.#live ??= this.#o.live()
    return this.#live
  }
}

/** A step that changed the screen: a wait or a verdict does not. */
function acts(step: AgentStep): boolean {
  return step.actions.some((a) => a.type !== 'wait')
}

/** The screens a recorded step replays on: the one its model saw, and the one its answer met. */
function stepPhashes(step: AgentStep): string[] {
  return step.answeredOn ? [step.phash, step.answeredOn] : [step.phash]
}

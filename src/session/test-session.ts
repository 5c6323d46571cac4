// One test's state: its trace and artifacts folder, the `screen` and `agent` objects a test
// uses, and the verifier. Shared by the Vitest fixtures and the CLI, so both behave the same.
import { join, relative } from 'node:path'
import { describeAction, type Action, type Point } from '../core/action.ts'
import { AgentRunError } from '../agent/agent-error.ts'
import type { AgentOptions } from '../agent/options.ts'
import { runAgent, type AgentResult } from '../agent/run-agent.ts'
import { verifyScreen } from '../agent/verify.ts'
import { locateOnScreen } from '../agent/locate.ts'
import { queryScreen } from '../agent/query.ts'
import { ReadError } from '../agent/read-error.ts'
import { waitForState, type WaitForOptions } from '../agent/wait-for.ts'
import type { QuerySchemaInput } from '../core/query-schema.ts'
import type { LocateReply } from '../core/model.ts'
import { raceAbort } from '../core/abort.ts'
import { normalizeCombo } from '../core/keys.ts'
import type { Frame, Size } from '../core/frame.ts'
import type { Model } from '../core/model.ts'
import type { Screen, SettleOptions, SettleResult } from '../core/screen.ts'
import type { TraceArtifacts, TraceRead, TraceRun, TraceSink, TraceStep, TraceVerification } from '../core/trace.ts'
import { TargetError, errorMessage, isAgentprobeError } from '../core/errors.ts'
import type { ArtifactOptions } from '../report/build-artifacts.ts'
import { TraceWriter } from '../report/trace-writer.ts'
import { SCREEN_HANDLE, type Described, type DescribedQuery, type FindResult, type QueryFn, type QueryResult, type ScreenHandle, type Verification, type VerifyAsk } from './screen-handle.ts'
import type { LocateQuery, Locator } from '../grounding/locate.ts'

export interface TestSessionOptions {
  screen: Screen
  model: Model
  locator: Locator
  /** This test's artifacts folder. */
  dir: string
  test: { name: string; file?: string }
  versions?: Record<string, string>
  secrets?: string[]
  /** Aborted when the target dies (the browser's crash signal). */
  signal?: AbortSignal
  /** Attaches a file or a note to the test (Vitest's context.annotate). */
  attach?: (message: string, attachment?: { path?: string; contentType?: string; body?: string }) => Promise<void>
  /** One line per step, while a run goes on. */
  progress?: (line: string) => void
  /** Paths in messages are shown relative to this folder. */
  cwd?: string
  /** Annotated frames and the GIF (built after a failed agent.do and when the test finishes). */
  artifacts?: ArtifactOptions
  /** After each step frame is saved, writes evidence beside it (Android: the uiautomator dump) and returns its file. */
  besideStepFrame?: (dir: string, frameFile: string) => Promise<string | undefined>
  /** After a failed agent.do, a line telling a pixel problem from the target's own (the browser's icon-click oracle). */
  explainFailure?: (run: TraceRun) => Promise<string | undefined>
}

export interface DoOptions extends AgentOptions {
  /** The step count a good run needs, for the benchmark score (default: a third of maxSteps). */
  expectedSteps?: number
}

export interface Agent {
  /** Runs the vision-action loop on an instruction; throws AgentRunError unless it passes. */
  do(instruction: string, options?: DoOptions): Promise<AgentResult>
  /** Reads structured data off one fresh frame (zod or JSON schema); throws ReadError when the reply does not fit. */
  query: QueryFn
  /** Waits until the cold verifier says YES, asking again only when the screen changed; throws ReadError at the deadline. */
  waitFor(condition: string, options?: WaitForOptions): Promise<TraceRead>
}

export class TestSession {
  readonly writer: TraceWriter
  readonly screen: ScreenHandle
  readonly agent: Agent
  readonly #o: TestSessionOptions

  constructor(options: TestSessionOptions) {
    this.#o = options
    this.writer = new TraceWriter({
      dir: options.dir,
      test: options.test,
      model: options.model.id,
      target: { kind: options.screen.kind, ...options.screen.size },
      versions: options.versions,
      secrets: options.secrets,
      // Typed secret text may be on screen from now on: OCR's words of it stay in memory.
      onSecret: () => options.locator.wordCache?.stopWriting(),
    })
    this.screen = this.#screenHandle()
    this.agent = {
      do: (instruction, agentOptions) => this.#do(instruction, agentOptions),
      query: ((question: string, schema: QuerySchemaInput) => this.query(question, schema)) as QueryFn,
      waitFor: (condition, o) => this.waitFor(condition, o),
    }
  }

  /** A path for messages: relative to the working folder when inside it. */
  shown(file: string): string {
    const abs = join(this.writer.dir, file)
    const rel = relative(this.#o.cwd ?? process.cwd(), abs)
    return rel.startsWith('..') ? abs : rel
  }

  async phase(label: string): Promise<string> {
    await this.#o.screen.settle({ captureNext: true, signal: this.#o.signal })
    return this.writer.saveFrame(await this.#o.screen.capture(), 'phase', label)
  }

  async verify(question: string, { expecting = 'YES', timeout }: VerifyAsk = {}): Promise<Verification> {
    const { screen, model, signal } = this.#o
    const started = new Date().toISOString()
    const v = await verifyScreen({ screen, model, sink: this.writer }, question, { signal, expecting, ...(timeout !== undefined && { recheckMs: timeout }) })
    const run: TraceRun = {
      kind: 'verify',
      // (passed: the verdict the test asked for, a NO under `.not`)
      status: !v.error && v.answer === expecting ? 'passed' : 'failed',
      steps: [],
      verification: v,
      failures: v.error ? [{ type: 'verifier_error', message: v.error }] : [],
      usage: v.usage,
      startedAt: started,
      durationMs: v.ms,
    }
    this.writer.addRun(run)
    await this.writer.flush()
    return this.#saveVerification(v)
  }

  async query(question: string, schema: QuerySchemaInput): Promise<unknown> {
    return (await this.read(question, schema)).value
  }

  async read(question: string, schema: QuerySchemaInput): Promise<QueryResult> {
    const started = new Date().toISOString()
    const { read, value, cause } = await queryScreen(this.#readDeps(), question, schema, { signal: this.#o.signal })
    await this.#addRead(read, started, cause)
    if (read.frame) await this.#o.attach?.(`query: ${question} → ${JSON.stringify(value ?? null)}`, { path: join(this.writer.dir, read.frame), contentType: 'image/png' })
    return { value, ...(read.evidence !== undefined && { evidence: read.evidence }), ...(read.frame && { screenshot: this.shown(read.frame) }) }
  }

  async waitFor(condition: string, options: WaitForOptions = {}): Promise<TraceRead> {
    const started = new Date().toISOString()
    const signal = this.#o.signal && options.signal ? AbortSignal.any([this.#o.signal, options.signal]) : (this.#o.signal ?? options.signal)
    const outcome = await waitForState(this.#readDeps(), condition, { ...options, signal })
    await this.#addRead(outcome.read, started, outcome.cause)
    return outcome.read
  }

  async locateDescribed(description: string): Promise<Described> {
    const started = new Date().toISOString()
    const outcome = await locateOnScreen(this.#readDeps(), description, { signal: this.#o.signal })
    await this.#addRead(outcome.read, started, outcome.cause)
    const found = outcome.found as LocateReply
    return { point: found.point, ...(found.box && { box: found.box }), ...(found.evidence !== undefined && { evidence: found.evidence }), frame: this.shown(outcome.read.frame!) }
  }

  #readDeps() {
    return { screen: this.#o.screen, model: this.#o.model, sink: this.writer }
  }

  /** Records a read as its own run, and throws ReadError when it failed. */
  async #addRead(read: TraceRead, startedAt: string, cause: unknown): Promise<void> {
    this.writer.addRun({
      kind: read.verb,
      status: read.passed ? 'passed' : 'failed',
      steps: [],
      read,
      // A cold call that failed is a verifier_error; a state that never came is the test's verdict, like a NO.
      failures: cause !== undefined ? [{ type: isAgentprobeError(cause) && cause.code === 'AGENTPROBE_REPLAY_DRIFT' ? 'replay_drift' : 'verifier_error', message: read.error ?? 'failed' }] : [],
      usage: read.usage,
      startedAt,
      durationMs: read.ms,
    })
    await this.writer.flush()
    if (!read.passed) throw new ReadError(read, { frame: read.frame && this.shown(read.frame), trace: this.shown('trace.json') }, cause)
  }

  /** verification.json (the seed's layout) and a Vitest attachment of the judged screenshot. */
  async #saveVerification(v: TraceVerification): Promise<Verification> {
    await this.writer.writeJson('verification.json', {
      question: v.question,
      passed: v.passed,
      answer: v.answer ?? null,
      evidence: v.evidence ?? null,
      ...(v.error && { error: v.error }),
    })
    if (v.frame) await this.#o.attach?.(`verification: ${v.answer ?? 'error'}: ${v.question}`, { path: join(this.writer.dir, v.frame), contentType: 'image/png' })
    return { ...v, screenshot: v.frame && this.shown(v.frame) }
  }

  /** Records the test's outcome, then builds the annotated frames and the GIF of the whole test. */
  async finish(status: 'passed' | 'failed', error?: string): Promise<TraceArtifacts | undefined> {
    await this.record(status, error)
    return this.buildArtifacts()
  }

  /** Records the test's outcome in the trace. */
  record(status: 'passed' | 'failed', error?: string): Promise<void> {
    return this.writer.finish(status, error)
  }

  /** Builds the annotated frames and the GIF of the whole test (those not built yet). */
  buildArtifacts(): Promise<TraceArtifacts | undefined> {
    return this.writer.buildArtifacts(this.#o.artifacts)
  }

  async #do(instruction: string, options: DoOptions = {}): Promise<AgentResult> {
    const signal = this.#o.signal && options.signal ? AbortSignal.any([this.#o.signal, options.signal]) : (this.#o.signal ?? options.signal)
    const result = await runAgent(
      { screen: this.#o.screen, model: this.#o.model, sink: this.#stepSink(), onStep: (step, run) => this.#progress(step, run) },
      instruction,
      { ...options, signal },
    )
    if (options.expectedSteps !== undefined) result.run.expectedSteps = options.expectedSteps
    if (options.maxCostUsd !== undefined) result.run.maxCostUsd = options.maxCostUsd
    if (result.verification) await this.#saveVerification(result.verification)
    // A failed run's GIF so far is attached while the test still runs (Vitest takes no attachment
    // after it ends). A passing run's waits for the test's end, built once with every frame: one
    // build per agent.do cost 0.4 CPU-s each.
    if (result.status !== 'passed') {
      const gif = (await this.writer.buildArtifacts(this.#o.artifacts))?.gif
      if (gif) await this.#o.attach?.(`GIF: ${instruction}`, { path: join(this.writer.dir, gif), contentType: 'image/gif' })
    }
    const paths = { lastFrame: result.lastFrame && this.shown(result.lastFrame), trace: this.shown('trace.json') }
    if (result.lastFrame) await this.#o.attach?.(`agent.do ${result.status}: ${instruction}`, { path: join(this.writer.dir, result.lastFrame), contentType: 'image/png' })
    if (result.status !== 'passed') {
      await this.#explain(result.run)
      throw new AgentRunError(result.run, paths)
    }
    return result
  }

  // The oracle only adds to a failure: when it cannot run, it says so instead of hiding the failure.
  async #explain(run: TraceRun): Promise<void> {
    const oracle = await this.#o.explainFailure?.(run).catch((error: unknown) => `could not run: ${errorMessage(error)}`)
    if (oracle === undefined) return
    run.oracle = oracle
    await this.writer.flush()
  }

  /** The writer, each step frame followed by what besideStepFrame writes next to it. */
  #stepSink(): TraceSink {
    const { writer } = this
    const beside = this.#o.besideStepFrame
    if (!beside) return writer
    return {
      addRun: (run) => writer.addRun(run),
      addSecret: (text) => writer.addSecret(text),
      flush: () => writer.flush(),
      async saveFrame(frame, kind, label) {
        const file = await writer.saveFrame(frame, kind, label)
        const xml = kind === 'step' ? await beside(writer.dir, file) : undefined
        const entry = writer.trace.frames.find((f) => f.file === file)
        if (xml && entry) entry.xml = xml
        return file
      },
    }
  }

  #progress(step: TraceStep, run: TraceRun): void {
    const acts = step.actions.map(describeAction).join(', ') || step.status
    const failures = step.failures.length ? ` ⚠ ${step.failures.map((f) => f.type).join(', ')}` : ''
    // Progress lines reach terminals and CI logs: known secrets are masked like on disk.
    this.#o.progress?.(this.writer.redact(`  step ${step.step}/${run.maxSteps}: ${acts} (${step.timings.modelMs} ms model)${failures}`))
  }

  async #find(query: LocateQuery, { timeout, until }: { timeout: number; until: 'present' | 'absent' }): Promise<FindResult> {
    const deadline = Date.now() + timeout
    for (;;) {
      await this.#o.screen.settle({ captureNext: true, signal: this.#o.signal })
      const frame: Frame = await this.#o.screen.capture()
      const outcome = await raceAbort(this.#o.locator.locate(frame, query), this.#o.signal)
      const done = until === 'present' ? outcome.located !== undefined : outcome.located === undefined
      if (done || Date.now() >= deadline) {
        const file = await this.writer.saveFrame(frame, 'phase', 'text' in query ? `find ${query.text}` : 'find image')
        return { located: outcome.located, seen: outcome.seen, screenshot: this.shown(file) }
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  #screenHandle(): ScreenHandle {
    const screen = this.#o.screen
    const perform = (action: Action) => screen.perform(action, { signal: this.#o.signal })
    const handle: ScreenHandle = {
      [SCREEN_HANDLE]: true,
      kind: screen.kind,
      get size(): Size {
        return screen.size
      },
      capture: () => screen.capture(),
      perform,
      settle: (o?: SettleOptions): Promise<SettleResult> => screen.settle(o),
      locate: (async (query: LocateQuery | DescribedQuery, o?: { timeout?: number }) =>
        'description' in query ? this.locateDescribed(query.description) : (await this.#find(query, { timeout: o?.timeout ?? 0, until: 'present' })).located) as ScreenHandle['locate'],
      read: (question, schema) => this.read(question, schema),
      click: async (target, o) => {
        let point: Point
        if ('x' in target) {
          point = target
        } else if ('description' in target) {
          point = (await this.locateDescribed(target.description)).point
        } else {
          const found = await this.#find(target, { timeout: o?.timeout ?? 5000, until: 'present' })
          if (!found.located) {
            const what = 'text' in target ? `'${target.text}'` : 'the image'
            throw new TargetError(`screen.click: ${what} is not on screen (visible text: ${found.seen || 'none'}); screenshot: ${found.screenshot}`)
          }
          point = found.located.center
        }
        await perform({ type: 'click', x: point.x, y: point.y, button: 'left' })
        await screen.settle({ signal: this.#o.signal })
      },
      type: async (text, o) => {
        if (o?.secret) this.writer.addSecret(text)
        await perform({ type: 'type', text, secret: o?.secret })
        await screen.settle({ signal: this.#o.signal })
      },
      press: async (keys) => {
        await perform({ type: 'keypress', keys: normalizeCombo(keys) })
        await screen.settle({ signal: this.#o.signal })
      },
      screenshot: async (label = 'screenshot') => this.shown(await this.phase(label)),
      verify: (question, options) => this.verify(question, options),
      find: (query, o) => this.#find(query, o),
    }
    return handle
  }
}

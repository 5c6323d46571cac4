// Writes a test's folder: frames as they are captured, trace.json after every step, so a run
// that throws, times out or loses its browser still leaves everything it saw.
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { redactAction } from '../core/action.ts'
import type { Frame } from '../core/frame.ts'
import type { Trace, TraceArtifacts, TraceRun, TraceSink } from '../core/trace.ts'
import { buildArtifacts, type ArtifactOptions } from './build-artifacts.ts'
import { Redactor } from './redact.ts'
import { AGENTPROBE_VERSION } from './version.ts'

export interface TraceWriterOptions {
  dir: string
  test: Trace['test']
  model: string
  target: Trace['target']
  versions?: Record<string, string>
  secrets?: readonly string[]
  /** Called when text typed as a secret is added: it may be on screen from now on. */
  onSecret?: () => void
}

export class TraceWriter implements TraceSink {
  readonly dir: string
  readonly trace: Trace
  readonly #redactor = new Redactor()
  readonly #onSecret: (() => void) | undefined
  #stepFrames = 0
  #phaseFrames = 0
  #pending: Promise<void> = Promise.resolve()
  #started = performance.now()
  /** How many frames the last artifacts build saw; a build with no new frame is skipped. */
  #framesBuilt = -1

  constructor(options: TraceWriterOptions) {
    this.dir = options.dir
    for (const secret of options.secrets ?? []) this.#redactor.add(secret)
    this.#onSecret = options.onSecret
    this.trace = {
      schema: 'agentprobe.trace/1',
      test: options.test,
      model: options.model,
      target: options.target,
      versions: { agentprobe: AGENTPROBE_VERSION, ...options.versions },
      status: 'running',
      runs: [],
      frames: [],
      startedAt: new Date().toISOString(),
    }
  }

  async saveFrame(frame: Pick<Frame, 'png' | 'at'>, kind: 'step' | 'phase', label: string): Promise<string> {
    const n = kind === 'step' ? ++this.#stepFrames : ++this.#phaseFrames
    const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40)
    const file = kind === 'step' ? `step-${pad(n)}.png` : `phase-${pad(n)}-${slug || 'frame'}.png`
    await mkdir(this.dir, { recursive: true })
    await writeFile(join(this.dir, file), await frame.png())
    this.trace.frames.push({ file, label, at: frame.at })
    return file
  }

  addRun(run: TraceRun): void {
    this.trace.runs.push(run)
  }

  addSecret(text: string): void {
    this.#redactor.add(text)
    this.#onSecret?.()
  }

  /** Text as it may be written anywhere: known secrets masked. */
  redact(text: string): string {
    return this.#redactor.text(text)
  }

  /** Annotated frames and run.gif for every frame so far (skipped when no frame was added). */
  async buildArtifacts(options?: ArtifactOptions): Promise<TraceArtifacts | undefined> {
    if (this.trace.frames.length === this.#framesBuilt) return this.trace.artifacts
    this.#framesBuilt = this.trace.frames.length
    this.trace.artifacts = await buildArtifacts(this.dir, this.trace, (t) => this.redact(t), this.trace.artifacts, options)
    await this.flush()
    return this.trace.artifacts
  }

  /** Marks the whole test finished. */
  finish(status: 'passed' | 'failed', error?: string): Promise<void> {
    this.trace.status = status
    if (error !== undefined) this.trace.error = error
    this.trace.durationMs = Math.round(performance.now() - this.#started)
    return this.flush()
  }

  /** Serialised writes (a later flush never lands before an earlier one), atomic per file. */
  flush(): Promise<void> {
    this.#pending = this.#pending.then(() => this.#write(), () => this.#write())
    return this.#pending
  }

  /** Writes a JSON file beside the trace, redacted like everything else. */
  async writeJson(name: string, value: unknown): Promise<string> {
    await mkdir(this.dir, { recursive: true })
    const path = join(this.dir, name)
    await atomicWrite(path, `${JSON.stringify(this.#redactor.value(value), null, 2)}\n`)
    return path
  }

  async #write(): Promise<void> {
    const safe: Trace = {
      ...this.trace,
      runs: this.trace.runs.map((run) => ({
        ...run,
        steps: run.steps.map((s) => ({ ...s, actions: s.actions.map(redactAction) })),
      })),
    }
    await this.writeJson('trace.json', safe)
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

async function atomicWrite(path: string, text: string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, text)
  await rename(tmp, path)
}

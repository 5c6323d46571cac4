// Per test file: the cassette beside it, the mode this run uses, and what the tests recorded,
// saved when the file is done. Each test's model is wrapped so that recorded calls replay.
import { join } from 'node:path'
import { CassetteModel } from '../agent/cassette-model.ts'
import type { CassetteCall, CassetteMode } from '../core/cassette.ts'
import type { Model } from '../core/model.ts'
import type { TraceCassette } from '../core/trace.ts'
import { keepFrame, loadCassette, resolveCassetteMode, saveCassette, writeDriftImage } from './cassette-store.ts'

export interface CassetteSettings {
  /** The mode asked for (plugin option or AGENTPROBE_CASSETTE). */
  mode?: CassetteMode
  /** `vitest -u`: re-record what runs. */
  update: boolean
  ci: boolean
}

export class CassetteFile {
  readonly path: string
  readonly #settings: CassetteSettings
  readonly #ran: Record<string, CassetteCall[]> = {}
  #loaded: ReturnType<typeof loadCassette> | undefined

  constructor(path: string, settings: CassetteSettings) {
    this.path = path
    this.#settings = settings
  }

  /** The model a test uses: `base` itself when cassettes are off, else a replaying wrapper. */
  async modelFor(testName: string, base: Model, o: { artifactDir: string; secrets: Record<string, string> }): Promise<{ model: Model; mode: CassetteMode }> {
    this.#loaded ??= loadCassette(this.path)
    const cassette = await this.#loaded
    const mode = resolveCassetteMode({ asked: this.#settings.mode, update: this.#settings.update, ci: this.#settings.ci, exists: cassette !== undefined, modelId: base.id })
    if (mode === 'off') return { model: base, mode }
    const model = new CassetteModel({
      mode,
      recorded: mode === 'record' ? [] : (cassette?.tests[testName] ?? []),
      live: () => base,
      id: base.id,
      secrets: o.secrets,
      onDrift: (phash, frame) => writeDriftImage(this.path, phash, frame, join(o.artifactDir, 'replay-drift.png')),
      onRecord: (frame) => keepFrame(this.path, frame),
    })
    return { model, mode }
  }

  /** Marks a test's calls to be written (unless it only replayed, or cassettes are read-only here). */
  done(testName: string, model: Model, mode: CassetteMode): void {
    if (!(model instanceof CassetteModel) || mode === 'replay') return
    if (mode === 'record' || model.stats.liveSteps + model.stats.liveVerdicts > 0) this.#ran[testName] = model.calls
  }

  /** What the trace records: the mode, and what replay saved. */
  summary(model: Model, mode: CassetteMode): TraceCassette {
    const stats = model instanceof CassetteModel ? model.stats : undefined
    return { mode, file: this.path, replayedSteps: stats?.replayedSteps ?? 0, liveSteps: stats?.liveSteps ?? 0, replayedVerdicts: stats?.replayedVerdicts ?? 0, liveVerdicts: stats?.liveVerdicts ?? 0, savedUsd: stats?.savedUsd ?? 0 }
  }

  async save(): Promise<void> {
    if (Object.keys(this.#ran).length > 0) await saveCassette(this.path, this.#ran)
  }
}

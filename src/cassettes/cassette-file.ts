// Per test file: the cassette beside it, the mode this run uses, and what the tests recorded,
// saved when the file is done. Each test's model is wrapped so that recorded calls replay; each
// recording belongs to the model that made it.
import { join } from 'node:path'
import { CassetteModel } from '../agent/cassette-model.ts'
import type { CassetteCall, CassetteMode } from '../core/cassette.ts'
import type { Frame } from '../core/frame.ts'
import type { Model } from '../core/model.ts'
import { pickRecording } from '../core/pick-recording.ts'
import type { Screen } from '../core/screen.ts'
import type { TraceCassette } from '../core/trace.ts'
import { keepFrame, loadCassette, resolveCassetteMode, saveCassette, writeDriftImage, type NewRecordings } from './cassette-store.ts'

/** How long replay watches a live frame that does not match the recorded one yet, by default. */
export const DEFAULT_REPLAY_WAIT_MS = 5000

export interface CassetteSettings {
  /** The mode asked for (plugin option or AGENTPROBE_CASSETTE). */
  mode?: CassetteMode
  /** `vitest -u`: re-record what runs. */
  update: boolean
  ci: boolean
  /** The model whose recording replays when the configured one has none and there are several (cassetteModel). */
  model?: string
  /** How long a live frame may take to match the recorded one (replayWaitMs). */
  waitMs?: number
}

export interface CassetteUse {
  model: Model
  mode: CassetteMode
  /** The model whose recording replays, when it is not the configured one (replay with no key). */
  replaysOtherModel?: string
}

export class CassetteFile {
  readonly path: string
  readonly #settings: CassetteSettings
  readonly #ran: Record<string, Record<string, CassetteCall[]>> = {}
  #loaded: ReturnType<typeof loadCassette> | undefined
  readonly #announced = new Set<string>()

  constructor(path: string, settings: CassetteSettings) {
    this.path = path
    this.#settings = settings
  }

  /** The model a test uses: `base` itself when cassettes are off, else a replaying wrapper. */
  async modelFor(
    testName: string,
    base: Model,
    o: { artifactDir: string; secrets: Record<string, string>; screen?: Pick<Screen, 'capture'>; readScreen?: (frame: Frame) => Promise<string> },
  ): Promise<CassetteUse> {
    this.#loaded ??= loadCassette(this.path)
    const cassette = await this.#loaded
    const mode = resolveCassetteMode({ asked: this.#settings.mode, update: this.#settings.update, ci: this.#settings.ci, exists: cassette !== undefined, modelId: base.id })
    if (mode === 'off') return { model: base, mode }
    const picked = pickRecording(cassette?.tests[testName] ?? {}, { mode, modelId: base.id, cassetteModel: this.#settings.model, file: this.path, test: testName })
    const model = new CassetteModel({
      mode,
      recorded: picked?.calls ?? [],
      live: () => base,
      id: picked?.model ?? base.id,
      secrets: o.secrets,
      ...(o.screen && { watch: { screen: o.screen, timeoutMs: this.#settings.waitMs ?? DEFAULT_REPLAY_WAIT_MS } }),
      onDrift: (phash, frame) => writeDriftImage(this.path, phash, frame, join(o.artifactDir, 'replay-drift.png')),
      onRecord: (frame) => keepFrame(this.path, frame),
      ...(o.readScreen && { readScreen: o.readScreen }),
    })
    return { model, mode, ...(picked && picked.model !== base.id && { replaysOtherModel: picked.model }) }
  }

  /** True the first time a model's recording replays from this file in place of the configured model (said once, not per test). */
  firstReplayOf(model: string): boolean {
    const first = !this.#announced.has(model)
    this.#announced.add(model)
    return first
  }

  /** Marks a test's calls to be written as its model's recording (unless it only replayed, or cassettes are read-only here). */
  done(testName: string, model: Model, mode: CassetteMode): void {
    if (!(model instanceof CassetteModel) || mode === 'replay') return
    if (mode === 'record' || model.stats.liveSteps + model.stats.liveVerdicts + model.stats.liveReads > 0) this.#ran[testName] = { ...this.#ran[testName], [model.id]: model.calls }
  }

  /** What the trace records: the mode, whose recording replayed, and what replay saved. */
  summary(model: Model, mode: CassetteMode): TraceCassette {
    const stats = model instanceof CassetteModel ? model.stats : undefined
    const replayed = (stats?.replayedSteps ?? 0) + (stats?.replayedVerdicts ?? 0) + (stats?.replayedReads ?? 0) > 0
    return {
      mode,
      file: this.path,
      ...(replayed && { recordedBy: model.id }),
      replayedSteps: stats?.replayedSteps ?? 0,
      liveSteps: stats?.liveSteps ?? 0,
      replayedVerdicts: stats?.replayedVerdicts ?? 0,
      liveVerdicts: stats?.liveVerdicts ?? 0,
      replayedReads: stats?.replayedReads ?? 0,
      liveReads: stats?.liveReads ?? 0,
      savedUsd: stats?.savedUsd ?? 0,
    }
  }

  async save(): Promise<void> {
    if (Object.keys(this.#ran).length > 0) await saveCassette(this.path, this.#ran satisfies NewRecordings)
  }
}

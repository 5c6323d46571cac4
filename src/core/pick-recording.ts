// Which recording of a test replays (DESIGN §6): recordings belong to the model that made them.
// A model that can be called (auto, record) only ever replays its own; `replay` never calls a
// model, so with no recording of the configured one it replays the recording that exists, or the
// one `cassetteModel` names when there are several.
import type { CassetteMode, Recording } from './cassette.ts'
import { ConfigError } from './errors.ts'

export interface PickedRecording {
  /** The model that made the recording. */
  model: string
  calls: Recording
}

export interface PickRecordingInput {
  mode: CassetteMode
  /** The model configured for this run. */
  modelId: string
  /** The model whose recording to replay when the configured one has none (option cassetteModel). */
  cassetteModel?: string
  /** For messages: the cassette file and the test. */
  file: string
  test: string
}

/** The recording to replay, or undefined when the run starts with none (all its calls live). */
export function pickRecording(recordings: Readonly<Record<string, Recording>>, o: PickRecordingInput): PickedRecording | undefined {
  if (o.mode === 'record' || o.mode === 'off') return undefined
  const own = recordings[o.modelId]
  if (own) return { model: o.modelId, calls: own }
  if (o.mode === 'auto') return undefined
  const models = Object.keys(recordings).sort()
  const where = `${o.file} has recordings of test ${JSON.stringify(o.test)} by ${models.join(', ')} and none by ${o.modelId}`
  if (o.cassetteModel !== undefined) {
    const named = recordings[o.cassetteModel]
    if (!named) throw new ConfigError(`cassetteModel is ${o.cassetteModel}, but ${where}: set cassetteModel to one of them`)
    return { model: o.cassetteModel, calls: named }
  }
  if (models.length > 1) throw new ConfigError(`${where}: set cassetteModel (plugin option, or AGENTPROBE_CASSETTE_MODEL) to the one to replay`)
  return models[0] === undefined ? undefined : { model: models[0], calls: recordings[models[0]]! }
}

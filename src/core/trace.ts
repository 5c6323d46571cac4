// The run record written as trace.json: one schema, published so reports and tools can read it.
import { z } from 'zod'
import { actionSchema } from './action.ts'
import { failureSchema } from './failures.ts'
import type { Frame } from './frame.ts'

export const usageSchema = z.object({
  inputTokens: z.number(),
  cachedTokens: z.number(),
  outputTokens: z.number(),
  costUsd: z.number(),
})

export const stepSchema = z.object({
  step: z.number().int().positive(),
  /** The frame the model decided on, relative to the trace's folder. */
  frame: z.string(),
  frameHash: z.string(),
  actions: z.array(actionSchema),
  status: z.enum(['continue', 'passed', 'failed']),
  text: z.string().optional(),
  reasoning: z.string().optional(),
  usage: usageSchema,
  timings: z.object({ captureMs: z.number(), modelMs: z.number(), actMs: z.number(), settleMs: z.number() }),
  failures: z.array(failureSchema),
  /** The exact image the model was sent (its canvas), when it differs from the frame. */
  sent: z.string().optional(),
  /** Provider events: retries, nudges, acknowledged safety checks. */
  notes: z.array(z.string()).optional(),
})
export type TraceStep = z.infer<typeof stepSchema>

export const verificationSchema = z.object({
  question: z.string(),
  frame: z.string().optional(),
  frameHash: z.string().optional(),
  passed: z.boolean(),
  answer: z.enum(['YES', 'NO']).optional(),
  evidence: z.string().optional(),
  error: z.string().optional(),
  /** The first look's NO, when a second look followed (see verifyScreen); the verdict above is the second's. */
  firstLook: z.object({ frame: z.string().optional(), answer: z.enum(['YES', 'NO']), evidence: z.string().optional() }).optional(),
  usage: usageSchema,
  ms: z.number(),
})
export type TraceVerification = z.infer<typeof verificationSchema>

const pointSchema = z.object({ x: z.number(), y: z.number() })

/** A read of the screen that is not a yes/no verdict: agent.query, screen.locate({ description }), agent.waitFor. */
export const readSchema = z.object({
  verb: z.enum(['query', 'locate', 'waitFor']),
  /** The question, the description or the condition, as the test wrote it. */
  ask: z.string(),
  /** The frame read (waitFor: the last look), relative to the trace's folder. */
  frame: z.string().optional(),
  frameHash: z.string().optional(),
  passed: z.boolean(),
  /** query: the value, validated against the schema. */
  value: z.unknown().optional(),
  /** query: the reply as it came back (shown when it did not fit). */
  reply: z.string().optional(),
  /** locate: screen pixels. */
  point: pointSchema.optional(),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).optional(),
  /** What the model said it saw (waitFor: the last look's). */
  evidence: z.string().optional(),
  /** waitFor: frames looked at, and how many of them went to the model (a frame like the last one does not). */
  looks: z.number().int().optional(),
  calls: z.number().int().optional(),
  error: z.string().optional(),
  usage: usageSchema,
  ms: z.number(),
})
export type TraceRead = z.infer<typeof readSchema>

export const runSchema = z.object({
  kind: z.enum(['agent', 'verify', 'query', 'locate', 'waitFor']),
  instruction: z.string().optional(),
  status: z.enum(['running', 'passed', 'failed']),
  reason: z.string().optional(),
  maxSteps: z.number().optional(),
  /** The step count a good run needs (scoring's efficiency); when absent, a third of maxSteps. */
  expectedSteps: z.number().int().positive().optional(),
  /** The run's cost budget (scoring's cost). */
  maxCostUsd: z.number().nonnegative().optional(),
  steps: z.array(stepSchema),
  verification: verificationSchema.optional(),
  read: readSchema.optional(),
  failures: z.array(failureSchema),
  /** What the programmatic twin of the run's toolbar-icon click showed, when the run failed after one. */
  oracle: z.string().optional(),
  usage: usageSchema,
  startedAt: z.string(),
  durationMs: z.number().optional(),
})
export type TraceRun = z.infer<typeof runSchema>

/** The GIF as planned (frames, total time) and as read back from the file written. */
export const gifCheckSchema = z.object({
  plannedFrames: z.number().int(),
  frames: z.number().int(),
  plannedMs: z.number(),
  ms: z.number(),
})
export type GifCheck = z.infer<typeof gifCheckSchema>

/** What the report layer made from the frames: annotated copies and the GIF, or why not. */
export const traceArtifactsSchema = z.object({
  /** Frame file → its annotated copy, both relative to the trace's folder. */
  annotated: z.record(z.string(), z.string()),
  gif: z.string().optional(),
  /** The GIF's frame count and duration against the plan; a shortfall is also a warning. */
  gifCheck: gifCheckSchema.optional(),
  /** Problems building the artifacts (e.g. a frame that cannot be read): shown in the report, never a failed test. */
  warnings: z.array(z.string()),
})
export type TraceArtifacts = z.infer<typeof traceArtifactsSchema>

/** Whether a test ran live, replayed, or partly replayed, and what replaying saved. */
export const traceCassetteSchema = z.object({
  mode: z.enum(['auto', 'replay', 'record', 'off']),
  file: z.string(),
  /** The model whose recording replayed, when any call replayed: its figures are a replay's, not a live run's. */
  recordedBy: z.string().optional(),
  replayedSteps: z.number(),
  liveSteps: z.number(),
  replayedVerdicts: z.number(),
  liveVerdicts: z.number(),
  /** Query and locate calls (absent in traces written before they existed). */
  replayedReads: z.number().optional(),
  liveReads: z.number().optional(),
  savedUsd: z.number(),
})
export type TraceCassette = z.infer<typeof traceCassetteSchema>

/** Model calls a cassette replayed and made live, of every kind. */
export function cassetteCalls(c: TraceCassette): { replayed: number; live: number } {
  return { replayed: c.replayedSteps + c.replayedVerdicts + (c.replayedReads ?? 0), live: c.liveSteps + c.liveVerdicts + (c.liveReads ?? 0) }
}

export const traceSchema = z.object({
  schema: z.literal('agentprobe.trace/1'),
  test: z.object({ name: z.string(), file: z.string().optional() }),
  model: z.string(),
  target: z.object({ kind: z.string(), width: z.number(), height: z.number() }),
  versions: z.record(z.string(), z.string()),
  status: z.enum(['running', 'passed', 'failed']),
  error: z.string().optional(),
  runs: z.array(runSchema),
  /** `xml`: the uiautomator dump taken with the frame (Android, with includeXml), beside it. */
  frames: z.array(z.object({ file: z.string(), label: z.string(), at: z.number(), xml: z.string().optional() })),
  artifacts: traceArtifactsSchema.optional(),
  cassette: traceCassetteSchema.optional(),
  startedAt: z.string(),
  durationMs: z.number().optional(),
})
export type Trace = z.infer<typeof traceSchema>

/** Where the loop and the verifier record what happened; report/trace-writer.ts writes it to disk. */
export interface TraceSink {
  /** Saves a frame and returns its file name, relative to the trace's folder. */
  saveFrame(frame: Pick<Frame, 'png' | 'at'>, kind: 'step' | 'phase', label: string): Promise<string>
  /** Adds a run; the caller mutates it and calls flush() to persist progress. */
  addRun(run: TraceRun): void
  /** Text that must never reach disk (typed secrets, API keys). */
  addSecret(text: string): void
  flush(): Promise<void>
}

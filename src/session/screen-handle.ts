// The `screen` object a test gets, as a type and a brand: matchers recognise it by the brand alone,
// so they load without the agent stack (Jest's test sandbox imports them).
import type { z } from 'zod'
import type { Point } from '../core/action.ts'
import type { Box } from '../core/geometry.ts'
import type { QuerySchemaInput } from '../core/query-schema.ts'
import type { Screen } from '../core/screen.ts'
import type { TraceVerification } from '../core/trace.ts'
import type { LocateQuery, Located } from '../grounding/locate.ts'

export interface Verification extends TraceVerification {
  /** The screenshot the verifier judged, as a path for messages. */
  screenshot?: string
}

/** How a verdict is asked for: the answer hoped for, and how long a different one may wait for the screen to change. */
export interface VerifyAsk {
  expecting?: 'YES' | 'NO'
  /** ms (default 5000). */
  timeout?: number
}

export interface FindResult {
  located?: Located
  /** What OCR did see, for messages. */
  seen: string
  screenshot: string
}

/** An element the model found by description, in screen pixels, with the frame it was found on. */
export interface Described {
  point: Point
  box?: Box
  evidence?: string
  /** The frame searched, as a path for messages. */
  frame: string
}

/** A description of an element for the model to find ("the pin icon next to the second note"). */
export interface DescribedQuery {
  description: string
}

export interface QueryResult {
  value: unknown
  evidence?: string
  /** The frame read, as a path for messages. */
  screenshot?: string
}

/** agent.query: a zod schema gives a typed value; a JSON schema gives unknown. */
export interface QueryFn {
  <S extends z.ZodType>(question: string, schema: S): Promise<z.infer<S>>
  (question: string, schema: Readonly<Record<string, unknown>>): Promise<unknown>
}

export const SCREEN_HANDLE = Symbol.for('agentprobe.screen')

/** The `screen` fixture: the target's screen plus grounding and verification helpers. */
export interface ScreenHandle extends Screen {
  readonly [SCREEN_HANDLE]: true
  /** The model finds the element described, on a fresh frame; throws ReadError when it cannot. */
  locate(query: DescribedQuery): Promise<Described>
  /** Finds a text (OCR) or an image (template match) on a fresh frame. */
  locate(query: LocateQuery, options?: { timeout?: number }): Promise<Located | undefined>
  /** Clicks a text, an image, a described element (found by the model) or a point, with real input events. */
  click(target: LocateQuery | DescribedQuery | Point, options?: { timeout?: number }): Promise<void>
  /** agent.query with what it read beside the value: for `expect(screen).toQuery`. */
  read(question: string, schema: QuerySchemaInput): Promise<QueryResult>
  type(text: string, options?: { secret?: boolean }): Promise<void>
  press(keys: string | string[]): Promise<void>
  /** Saves a labelled screenshot into the test's artifacts and returns its path. */
  screenshot(label?: string): Promise<string>
  /** A cold yes/no verdict; `expecting` and `timeout` shape its second look (see verifyScreen). */
  verify(question: string, options?: VerifyAsk): Promise<Verification>
  find(query: LocateQuery, options: { timeout: number; until: 'present' | 'absent' }): Promise<FindResult>
}

export function isScreenHandle(value: unknown): value is ScreenHandle {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[SCREEN_HANDLE] === true
}


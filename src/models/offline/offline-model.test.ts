import { describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../../core/errors.ts'
import { pngFrame, type Frame } from '../../core/frame.ts'
import { boxCenter, type Box } from '../../core/geometry.ts'
import type { JsonObjectSchema, Turn } from '../../core/model.ts'
import type { LabelInk } from '../../grounding/label-ink.ts'
import type { LocateQuery, LocateResult } from '../../grounding/locate.ts'
import type { TextWord } from '../../core/text-match.ts'
import type { StepLocator } from './ground-step.ts'
import { OfflineModel } from './offline-model.ts'
import type { WordReader } from './query-quoted.ts'

/** A locator that knows where some labels are, and that the icon is at a fixed place. */
class FakeLocator implements StepLocator, WordReader {
  readonly queries: LocateQuery[] = []
  readonly labels: Record<string, Box>
  constructor(labels: Record<string, Box>) {
    this.labels = labels
  }

  /** Each label is one OCR word where the labels say. */
  async words(): Promise<TextWord[]> {
    return Object.entries(this.labels).map(([text, box]) => ({ text, confidence: 95, box }))
  }

  /** Every label is drawn black on white. */
  async ink(): Promise<LabelInk> {
    return { text: { r: 0, g: 0, b: 0, a: 1 }, background: { r: 255, g: 255, b: 255, a: 1 }, contrast: 21 }
  }

  async locate(_frame: Pick<Frame, 'image' | 'hash'>, query: LocateQuery): Promise<LocateResult> {
    this.queries.push(query)
    if ('toolbarSlot' in query) return { seen: 'no toolbar row with an omnibox on the frame', nearMisses: [] }
    if ('openedMenu' in query) return { seen: 'no menu', nearMisses: [] }
    if ('image' in query) {
      const box = { x: 1762, y: 55, width: 16, height: 16 }
      return { located: { box, center: boxCenter(box), confidence: 0.94, via: 'template' }, seen: 'match', nearMisses: [] }
    }
    const box = this.labels[query.text]
    if (box) return { located: { box, center: boxCenter(box), confidence: 1, via: 'ocr' }, seen: 'Sidepanel Fixture', nearMisses: [] }
    return { seen: 'about:blank · Sidepanel Fixture', nearMisses: [{ text: 'Sidepanel', box: { x: 1583, y: 99, width: 73, height: 15 }, similarity: 0.7 }] }
  }
}

const BUTTON = { x: 1531, y: 145, width: 125, height: 15 }
const frame: Frame = pngFrame(new Uint8Array(), { width: 1920, height: 1080, hash: 'f', phash: '', at: 0 })
const icon = new Uint8Array([1, 2, 3])
const SEED = "Click the extension icon in the Chrome toolbar, then click 'Open Sidepanel'. The sidepanel should appear on the right side of the browser."

function turns(model: OfflineModel, instruction: string, runId = 'run-1') {
  let step = 0
  return () => {
    step++
    const turn: Turn = { runId, instruction, step, maxSteps: 15, frame, screen: { width: 1920, height: 1080 }, history: [] }
    return model.next(turn)
  }
}

describe('OfflineModel.next', () => {
  it('runs the seed instruction: icon, button, then passes saying what it did not judge', async () => {
    const model = new OfflineModel({ locator: new FakeLocator({ 'Open Sidepanel': BUTTON }), extensionIcon: icon })
    const next = turns(model, SEED)
    const first = await next()
    expect(first).toMatchObject({ status: 'continue', actions: [{ type: 'click', x: 1770, y: 63, button: 'left' }] })
    const second = await next()
    expect(second).toMatchObject({ status: 'continue', actions: [{ type: 'click', x: 1594, y: 153, button: 'left' }] })
    const last = await next()
    expect(last.status).toBe('passed')
    expect(last.actions).toEqual([])
    expect(last.text).toContain("clicked the extension icon (template match 0.94) at (1770, 63); 2. clicked 'Open Sidepanel' at (1594, 153)")
    expect(last.text).toContain('Not judged here (left to verification): "The sidepanel should appear on the right side of the browser"')
    for (const d of [first, second, last]) expect(d.usage).toEqual({ inputTokens: 0, cachedTokens: 0, outputTokens: 0, costUsd: 0 })
  })

  it('looks again for a label that is not there yet, then fails naming it and what was seen', async () => {
    const model = new OfflineModel({ locator: new FakeLocator({}), extensionIcon: icon, retryWaitMs: 500 })
    const next = turns(model, "click 'Open Sidepanel'")
    for (const n of [1, 2]) {
      const retry = await next()
      expect(retry).toMatchObject({ status: 'continue', actions: [{ type: 'wait', ms: 500 }] })
      expect(retry.text).toContain(`(${n} of 2)`)
    }
    const failed = await next()
    expect(failed.status).toBe('failed')
    expect(failed.text).toBe(
      `step "click 'Open Sidepanel'": could not find 'Open Sidepanel' on screen; closest: 'Sidepanel' at (1583, 99); visible text: about:blank · Sidepanel Fixture`,
    )
  })

  it('right-clicks the selection where it selected it: highlighted text is not read again', async () => {
    const WORDS = { x: 100, y: 180, width: 180, height: 22 }
    const locator = new FakeLocator({ 'quotable sentence': WORDS })
    const model = new OfflineModel({ locator })
    const next = turns(model, "Select the text 'quotable sentence', then right-click 'quotable sentence', then right-click it")
    expect(await next()).toMatchObject({ actions: [{ type: 'drag', path: [{ x: 98, y: 191 }, { x: 282, y: 191 }] }] })
    delete locator.labels['quotable sentence']
    for (const _ of [1, 2]) {
      const onIt = await next()
      expect(onIt).toMatchObject({ status: 'continue', actions: [{ type: 'click', x: 190, y: 191, button: 'right' }] })
      expect(onIt.text).toBe("right-clicked the selected 'quotable sentence' at (190, 191)")
    }
    expect(locator.queries.filter((q) => 'text' in q)).toHaveLength(1)
  })

  it('fails a right-click on the selection when nothing was selected', async () => {
    const failed = await turns(new OfflineModel({ locator: new FakeLocator({}), retries: 0 }), 'right-click the selection')()
    expect(failed).toMatchObject({ status: 'failed', text: 'step "right-click the selection": nothing was selected before this step (select the text first)' })
  })

  it('fails at once without retries, and cannot click the icon without its image and its toolbar', async () => {
    const model = new OfflineModel({ locator: new FakeLocator({}), retries: 0 })
    const failed = await turns(model, 'Click the extension icon')()
    expect(failed.status).toBe('failed')
    expect(failed.text).toContain('could not find the extension icon on screen (no icon in the manifest; toolbar: no toolbar row with an omnibox on the frame)')
  })

  it('fails on a clause it does not understand, before acting', async () => {
    const locator = new FakeLocator({ Save: BUTTON })
    const model = new OfflineModel({ locator })
    const decision = await turns(model, "Click 'Save', then drag the slider to the middle.")()
    expect(decision.status).toBe('failed')
    expect(decision.actions).toEqual([])
    expect(decision.text).toContain('does not understand "drag the slider to the middle"')
    expect(decision.text).toContain('AGENTPROBE_MODEL')
    expect(locator.queries).toEqual([])
  })

  it('fails on an instruction with no action at all', async () => {
    const decision = await turns(new OfflineModel({ locator: new FakeLocator({}) }), 'The panel should be open.')()
    expect(decision.status).toBe('failed')
    expect(decision.text).toContain('found nothing to do in "The panel should be open."')
  })

  it('types into a field, presses keys, scrolls and waits', async () => {
    const model = new OfflineModel({ locator: new FakeLocator({ Search: { x: 100, y: 200, width: 60, height: 20 } }) })
    const next = turns(model, "Type 'cats' into the 'Search' field, press Enter twice, scroll down, wait 2 seconds")
    expect((await next()).actions).toEqual([
      { type: 'click', x: 130, y: 210, button: 'left' },
      { type: 'type', text: 'cats' },
    ])
    expect((await next()).actions).toEqual([
      { type: 'keypress', keys: ['enter'] },
      { type: 'keypress', keys: ['enter'] },
    ])
    expect((await next()).actions).toEqual([{ type: 'scroll', x: 960, y: 540, scrollX: 0, scrollY: 300 }])
    expect((await next()).actions).toEqual([{ type: 'wait', ms: 2000 }])
    expect((await next()).status).toBe('passed')
  })

  it('keeps one cursor per run', async () => {
    const model = new OfflineModel({ locator: new FakeLocator({ A: BUTTON, B: BUTTON }) })
    const a = turns(model, "click 'A'", 'a')
    const b = turns(model, "click 'B'", 'b')
    expect((await a()).status).toBe('continue')
    expect((await b()).status).toBe('continue')
    expect((await a()).status).toBe('passed')
    expect((await b()).status).toBe('passed')
    expect((await turns(model, "click 'A'", 'a')()).status).toBe('continue') // a finished run starts over
  })
})

describe('OfflineModel.verify', () => {
  const model = new OfflineModel({ locator: new FakeLocator({ 'Sidepanel UI': { x: 1572, y: 154, width: 181, height: 26 } }) })

  it('answers YES when every quoted text is on screen, and says what it did not judge', async () => {
    const verdict = await model.verify("Is the side panel open and showing 'Sidepanel UI'?", frame)
    expect(verdict.answer).toBe('YES')
    expect(verdict.evidence).toContain("Checked the quoted text only: 'Sidepanel UI'.")
    expect(verdict.evidence).toContain("Found 'Sidepanel UI' at (1572, 154, 181×26).")
    expect(verdict.evidence).toContain(`The rest of the question ("Is the side panel open and showing 'Sidepanel UI'?") was not judged`)
    expect(verdict.usage).toEqual({ inputTokens: 0, cachedTokens: 0, outputTokens: 0, costUsd: 0 })
  })

  it('answers NO when one quoted text is missing, naming it and what was seen', async () => {
    const verdict = await model.verify('Does it show “Sidepanel UI” and ‘Saved notes: 1’?', frame)
    expect(verdict.answer).toBe('NO')
    expect(verdict.evidence).toContain("Not found: 'Saved notes: 1' (closest: 'Sidepanel'); visible text: about:blank · Sidepanel Fixture.")
  })

  it('refuses a question that quotes nothing, and says how to choose a real model', async () => {
    const error = await model.verify("Is the extension's side panel open (not an error page)?", frame).catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_MODEL')
    for (const hint of ['cannot judge', 'Quote the text', 'AGENTPROBE_MODEL', 'OPENAI_API_KEY', 'AZURE_CUA_API_KEY', 'AZURE_CUA_BASE_URL', 'GEMINI_API_KEY']) {
      expect(String(error)).toContain(hint)
    }
  })

  it('refuses quoted text in a script its OCR cannot read, naming the script, rather than answer NO', async () => {
    const error = await model.verify("Does the popup show 'صباح الخير'?", frame).catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_MODEL')
    expect(String(error)).toContain("its OCR reads Latin script only, and 'صباح الخير' is in Arabic script")
  })

  it('refuses to judge quoted text asked about in the negative', async () => {
    for (const question of ["Is 'Error' gone?", "Does the page not show 'Loading'?", "Is there no 'Error' banner?"]) {
      const error = await model.verify(question, frame).catch((e: unknown) => e)
      expect(String(error), question).toContain('asked about in the negative')
    }
    expect((await model.verify("Is 'Sidepanel UI' shown (not an error page)?", frame)).answer).toBe('YES')
  })
})

describe('OfflineModel.query and locate', () => {
  const row = (x: number, width: number, y = 300): Box => ({ x, y, width, height: 18 })
  const model = new OfflineModel({
    locator: new FakeLocator({ 'Count:': row(100, 60), '12': row(166, 20), Saved: row(100, 50, 340), '3': row(156, 10, 340), notes: row(172, 45, 340), Status: row(400, 60), Ready: row(466, 55), 'Open Sidepanel': BUTTON }),
    extensionIcon: icon,
  })
  const object = (properties: Record<string, unknown>) => ({ type: 'object' as const, properties, required: Object.keys(properties) })

  it('reads the text after a quoted label and the number at the # of a quoted phrase, into the fields in order', async () => {
    const reply = await model.query("What do 'Count:', 'Saved # notes' and 'Status' show?", object({ count: { type: 'integer' }, saved: { type: 'number' }, status: { type: 'string' } }), frame)
    expect(reply.value).toEqual({ count: 12, saved: 3, status: 'Ready' })
    expect(reply.text).toBe('{"count":12,"saved":3,"status":"Ready"}')
    expect(reply.evidence).toContain("'Count:' → '12' at (100, 300, 86×18)")
    expect(reply.usage).toEqual({ inputTokens: 0, cachedTokens: 0, outputTokens: 0, costUsd: 0 })
  })

  it('refuses what it cannot read with the verifier\'s "cannot judge" message, and says what it missed', async () => {
    const refusals: [string, JsonObjectSchema, string][] = [
      ['How many notes are there?', object({ n: { type: 'number' } }), 'cannot judge'],
      ["What does 'Count:' show?", object({ n: { type: 'number' }, m: { type: 'number' } }), 'the question quotes 1 and the schema asks for 2 (n, m)'],
      ["Is 'Status' ready?", object({ ready: { type: 'boolean' } }), 'ready is boolean'],
      ["What does 'Total:' show?", object({ n: { type: 'number' } }), "did not find 'Total:' followed by any text"],
      ["What does 'Status' show?", object({ n: { type: 'number' } }), "read 'Ready' for 'Status', which is not a number"],
    ]
    for (const [question, schema, message] of refusals) {
      const error = await model.query(question, schema, frame).catch((e: unknown) => e)
      expect(isAgentprobeError(error) && error.code, question).toBe('AGENTPROBE_MODEL')
      expect(String(error), question).toContain(message)
    }
  })

  it('locates a quoted label or the extension icon, and refuses any other description', async () => {
    expect(await model.locate("the 'Open Sidepanel' button", frame)).toMatchObject({ point: boxCenter(BUTTON), box: BUTTON })
    expect((await model.locate('the extension icon', frame)).point).toEqual({ x: 1770, y: 63 })
    expect(String(await model.locate('the pin icon next to the second note', frame).catch((e: unknown) => e))).toContain('cannot judge')
    expect(String(await model.locate("the 'Delete' button", frame).catch((e: unknown) => e))).toContain("did not find \"the 'Delete' button\"")
  })
})

import { describe, expect, it } from 'vitest'
import { readVerdictReply } from './verdict-reply.ts'

describe('readVerdictReply: a JSON verdict', () => {
  it.each([
    ['alone', '{"answer":"YES","evidence":"the panel shows Sidepanel UI"}', 'YES', 'the panel shows Sidepanel UI'],
    ['with spaces and another key', '{ "answer": "NO", "evidence": "an error page", "confidence": 0.9 }', 'NO', 'an error page'],
    ['in lower case', '{"answer":"yes","evidence":"e"}', 'YES', 'e'],
    ['without evidence', '{"answer":"NO"}', 'NO', ''],
    ['in a ```json fence', '```json\n{"answer":"NO","evidence":"no panel"}\n```', 'NO', 'no panel'],
    ['in a bare fence after a sentence', 'Here is my verdict:\n```\n{"answer": "YES", "evidence": "the heading reads {Notes}"}\n```', 'YES', 'the heading reads {Notes}'],
    ['inside prose', 'Looking at the screenshot, {"answer": "YES", "evidence": "a blue side panel"} is my answer.', 'YES', 'a blue side panel'],
    ['after a YES that agrees', 'YES. {"answer":"YES","evidence":"e"}', 'YES', 'e'],
  ])('%s', (_shape, text, answer, evidence) => {
    expect(readVerdictReply(text)).toEqual({ ok: true, answer, evidence, shape: 'json' })
  })
})

describe('readVerdictReply: a first word YES or NO, the rest as evidence', () => {
  it.each([
    ['YES. A blue "My Notes" side panel fills the right side.', 'YES', 'A blue "My Notes" side panel fills the right side.'],
    ['NO - the side panel is not open.', 'NO', 'the side panel is not open.'],
    ['yes, the popup shows Open Sidepanel', 'YES', 'the popup shows Open Sidepanel'],
    ['No\nThe page shows an error.', 'NO', 'The page shows an error.'],
    ['**YES** — the panel is open', 'YES', 'the panel is open'],
    ['Answer: NO. Nothing changed.', 'NO', 'Nothing changed.'],
    ['YES', 'YES', ''],
    ['No, no error is shown; the form is empty.', 'NO', 'no error is shown; the form is empty.'],
  ])('%j → %s', (text, answer, evidence) => {
    expect(readVerdictReply(text)).toEqual({ ok: true, answer, evidence, shape: 'first-word' })
  })
})

describe('readVerdictReply: no verdict, and why', () => {
  it.each([
    ['', 'the reply is empty'],
    [null, 'the reply is empty'],
    ['   \n ', 'the reply is empty'],
    ['It might be open, but I cannot tell from this screenshot.', 'neither a JSON verdict nor a reply that starts with YES or NO'],
    ['The side panel is open. YES', 'neither a JSON verdict nor'],
    ['Yesterday the panel was open.', 'neither a JSON verdict nor'],
    ['Not open.', 'neither a JSON verdict nor'],
    ['yes and no: the panel is open but empty', 'both answers'],
    ['YES/NO', 'both answers'],
    ['No, yes: it opened late', 'both answers'],
    ['NO. {"answer":"YES","evidence":"e"}', 'both answers'],
    ['{"answer":"YES","evidence":"a"} or rather {"answer":"NO","evidence":"b"}', 'both answers'],
    ['YES, probably.', 'hedged'],
    ['No, maybe not yet', 'hedged'],
    ['Yes (possibly) the panel is there', 'hedged'],
    ['Yes? The screenshot is blurry.', 'is a question'],
    ['{"answer":"MAYBE","evidence":"e"}', 'the JSON answer "MAYBE" is neither YES nor NO'],
    ['{"answer":true}', 'the JSON answer true is neither YES nor NO'],
    ['{"answer":"YES","evidence":["a"]}', 'the JSON evidence is not a string'],
    ['{"verdict":"YES"}', 'the JSON has no "answer" field'],
    ['{"answer": "YES", "evidence": "cut off', 'neither a JSON verdict nor'],
  ])('%j', (text, problem) => {
    const reading = readVerdictReply(text)
    expect(reading.ok).toBe(false)
    expect(!reading.ok && reading.problem).toContain(problem)
  })
})

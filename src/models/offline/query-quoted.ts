// The keyless query: one value per quoted label, read by OCR. 'Count:' reads the words after the
// label on its line; a phrase with '#' ('# notes saved') reads the number standing there. Each
// value fills the schema's fields in order, as a number or a string; anything else is refused
// with the verifier's "cannot judge" message, never guessed.
import { ModelError } from '../../core/errors.ts'
import type { Frame } from '../../core/frame.ts'
import { ZERO_USAGE, type JsonObjectSchema, type QueryReply } from '../../core/model.ts'
import { numberInPhrase, readNumber, textAfterLabel } from '../../core/read-label.ts'
import type { TextWord } from '../../core/text-match.ts'
import { visibleText } from '../../grounding/locate.ts'
import { maskQuotes } from './quotes.ts'
import { cannotJudge } from './verify-quoted.ts'

/** What the keyless query needs from grounding: every word OCR reads on a frame. */
export interface WordReader {
  words(frame: Pick<Frame, 'image' | 'hash'>): Promise<TextWord[]>
}

const HOW = "it reads only the text after a quoted label (What does 'Count:' show?) or the number in a quoted phrase with # (How many in '# notes saved'?)"

export async function queryQuoted(question: string, schema: JsonObjectSchema, frame: Frame, reader: WordReader): Promise<QueryReply> {
  const quotes = maskQuotes(question).quotes.filter((q) => q.trim() !== '')
  if (quotes.length === 0) throw cannotJudge(question, HOW)
  const fields = fieldsOf(schema)
  if (fields.length !== quotes.length) {
    throw cannotJudge(question, `${HOW}, one value per quote: the question quotes ${quotes.length} and the schema asks for ${fields.length} (${fields.map((f) => f.name).join(', ') || 'none'})`)
  }
  const words = await reader.words(frame)
  const value: Record<string, string | number> = {}
  const read: string[] = []
  for (const [i, quote] of quotes.entries()) {
    const field = fields[i]!
    if (field.type !== 'string' && field.type !== 'number' && field.type !== 'integer') {
      throw cannotJudge(question, `${HOW}, as a number or a string, and ${field.name} is ${field.type ?? 'untyped'}`)
    }
    const reading = quote.includes('#') ? numberInPhrase(words, quote) : textAfterLabel(words, quote)
    if (!reading) throw new ModelError(`the offline model did not find '${quote}'${quote.includes('#') ? ' with a number at #' : ' followed by any text on its line'}; visible text: ${visibleText(words)}`, { context: { model: 'offline' } })
    const n = readNumber(reading.text)
    const wantsNumber = field.type !== 'string'
    if (wantsNumber && (n === undefined || (field.type === 'integer' && !Number.isInteger(n)))) {
      throw new ModelError(`the offline model read '${reading.text}' for '${quote}', which is not ${field.type === 'integer' ? 'an integer' : 'a number'} (${field.name})`, { context: { model: 'offline' } })
    }
    value[field.name] = wantsNumber ? n! : reading.text
    const { x, y, width, height } = reading.box
    read.push(`'${quote}' → '${reading.text}' at (${x}, ${y}, ${width}×${height})`)
  }
  const evidence = `Read by OCR: ${read.join('; ')}. The rest of the question was not judged: the offline model reads text, it does not understand the screen.`
  return { value, text: JSON.stringify(value), evidence, usage: ZERO_USAGE }
}

/** The root object's fields in the order the schema declares them, with their JSON types. */
function fieldsOf(schema: JsonObjectSchema): { name: string; type?: string }[] {
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown }>
  return Object.keys(properties).map((name) => {
    const t = properties[name]?.type
    const type = Array.isArray(t) ? t.find((x) => x !== 'null') : t
    return { name, ...(typeof type === 'string' && { type }) }
  })
}

// How text reaches a device through `adb shell input text`. adb joins its arguments into one
// command line for the device's shell, so the text is single-quoted; `input text` turns every
// "%s" into a space and types nothing else but printable ASCII. So spaces are sent as %s, a
// literal "%s" is split across two calls (a trailing % is typed as is), newlines and tabs are
// key events, and anything else (é, emoji, control characters) is refused with its code point.

/** One `input` call: a chunk of text or a key event (Enter for \n, Tab for \t). */
export type TextStep = { kind: 'text'; text: string } | { kind: 'key'; code: number }

const KEY_FOR: Readonly<Record<string, number>> = { '\n': 66, '\t': 61 }
/** Long chunks are split so one command line never gets unwieldy. */
const MAX_CHUNK = 200

/** The steps that type `text` exactly; throws a RangeError naming every character adb cannot type. */
export function planText(text: string, maxChunk = MAX_CHUNK): TextStep[] {
  const normalized = text.replace(/\r\n?/g, '\n')
  const bad = untypable(normalized)
  if (bad.length > 0) {
    throw new RangeError(
      `adb "input text" types printable ASCII only; cannot type ${bad.map(describeChar).join(', ')}. ` +
        'Type it with an IME that accepts broadcast text, or choose text the device keyboard can type',
    )
  }
  const steps: TextStep[] = []
  let chunk = ''
  const flush = () => {
    if (chunk !== '') steps.push({ kind: 'text', text: chunk })
    chunk = ''
  }
  for (const ch of normalized) {
    const code = KEY_FOR[ch]
    if (code !== undefined) {
      flush()
      steps.push({ kind: 'key', code })
      continue
    }
    // a literal "%s" would come out as a space: end the chunk between '%' and 's'
    if ((ch === 's' && chunk.endsWith('%')) || chunk.length >= maxChunk) flush()
    chunk += ch
  }
  flush()
  return steps
}

/** The argument for `input text` as the device shell must see it: %s for spaces, single-quoted. */
export function inputTextArgument(chunk: string): string {
  return shellQuote(chunk.replaceAll(' ', '%s'))
}

/** Quotes one word for a POSIX shell: everything literal, ' written as '\''. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}

function untypable(text: string): string[] {
  const seen = new Set<string>()
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    if ((code < 0x20 || code > 0x7e) && KEY_FOR[ch] === undefined) seen.add(ch)
  }
  return [...seen]
}

function describeChar(ch: string): string {
  const hex = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
  return ch.codePointAt(0)! < 0x20 || ch.codePointAt(0) === 0x7f ? `U+${hex}` : `"${ch}" (U+${hex})`
}

// The OCR reads English data only (tesseract's `eng`): Latin letters, digits and punctuation.
// Text in another writing system is never found on screen, so a keyless run looking for
// 'صباح الخير' would fail as if the popup were broken. Asking first lets it say why instead.

const SCRIPTS = ['Arabic', 'Hebrew', 'Cyrillic', 'Greek', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Devanagari', 'Thai'] as const

/** The writing system of the first letter in `text` the OCR cannot read ('Arabic', …), or undefined when it reads all of it. */
export function unreadableScript(text: string): string | undefined {
  for (const char of text) {
    if (!/\p{L}/u.test(char) || /\p{Script=Latin}/u.test(char)) continue
    return SCRIPTS.find((script) => new RegExp(`\\p{Script=${script}}`, 'u').test(char)) ?? 'a non-Latin script'
  }
  return undefined
}

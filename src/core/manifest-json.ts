// Chrome reads an extension's manifest.json (and its _locales messages.json) as JSON with `//` and
// `/* */` comments, a `$schema` key and keys it does not know: many real extensions ship them, so
// plain JSON.parse would refuse folders that Chrome loads. One parse for every reader in agentprobe.
import { ConfigError, errorMessage } from './errors.ts'

/** `text` with its comments blanked (newlines kept, so JSON.parse's line and column still point at the file); strings untouched. */
export function stripJsonComments(text: string, path = 'the JSON text'): string {
  let out = ''
  let from = 0 // start of the text not yet copied
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === '"') {
      i = stringEnd(text, i)
      continue
    }
    if (c !== '/' || (text[i + 1] !== '/' && text[i + 1] !== '*')) {
      i++
      continue
    }
    let end: number
    if (text[i + 1] === '/') {
      const newline = text.indexOf('\n', i)
      end = newline === -1 ? text.length : newline
    } else {
      const close = text.indexOf('*/', i + 2)
      if (close === -1) throw new ConfigError(`${path}: a /* comment that opens at line ${lineOf(text, i)} is never closed`)
      end = close + 2
    }
    out += text.slice(from, i) + text.slice(i, end).replace(/[^\r\n]/g, ' ')
    from = i = end
  }
  return out + text.slice(from)
}

/** Index just past the string literal opening at `start` (the text's end when it never closes: JSON.parse says so then). */
function stringEnd(text: string, start: number): number {
  for (let j = start + 1; j < text.length; j++) {
    if (text[j] === '\\') j++
    else if (text[j] === '"' || text[j] === '\n') return j + 1
  }
  return text.length
}

function lineOf(text: string, index: number): number {
  let line = 1
  for (let i = 0; i < index; i++) if (text[i] === '\n') line++
  return line
}

/** The JSON object in `text` as Chrome reads it (comments and a byte-order mark allowed); a ConfigError naming `path` and what is wrong. */
export function parseChromeJson(text: string, path: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(stripJsonComments(text.replace(/^\uFEFF/, ''), path))
  } catch (error) {
    if (error instanceof ConfigError) throw error
    throw new ConfigError(`${path} is not valid JSON: ${errorMessage(error)}`, { cause: error })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(`${path} must hold a JSON object, not ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`)
  return value as Record<string, unknown>
}

/** Why current Chromium will not load a manifest of this `manifest_version` (undefined for 3), naming `path`. */
export function manifestVersionProblem(manifest: Record<string, unknown>, path: string): string | undefined {
  const version = manifest.manifest_version
  if (version === 3) return undefined
  if (version === 2 || version === 1) {
    return `${path} is a Manifest V${version} extension ("manifest_version": ${version}): current Chromium no longer loads Manifest V2 extensions; migrate it to Manifest V3 ("manifest_version": 3)`
  }
  return `${path}: "manifest_version" is ${version === undefined ? 'missing' : JSON.stringify(version)}; Chromium loads only "manifest_version": 3`
}

// JSON objects in a model's reply, wherever the model put them: alone, in a ```json fence, or inside
// prose. The verdict reader and the query and locate readers all start from this one scan.

export interface FoundJson {
  value: Record<string, unknown>
  start: number
  end: number
}

/** Every JSON object in the text, outermost first, whether alone, fenced or inside prose. */
export function jsonObjects(text: string): FoundJson[] {
  const found: FoundJson[] = []
  for (let start = text.indexOf('{'); start !== -1; ) {
    const end = closingBrace(text, start)
    const value = end === undefined ? undefined : parseObject(text.slice(start, end))
    if (value && end !== undefined) {
      found.push({ value, start, end })
      start = text.indexOf('{', end)
    } else {
      start = text.indexOf('{', start + 1)
    }
  }
  return found
}

/** The text with the JSON objects and code fences taken out. */
export function proseAround(text: string, objects: readonly FoundJson[]): string {
  let prose = ''
  let at = 0
  for (const o of objects) {
    prose += `${text.slice(at, o.start)} `
    at = o.end
  }
  return `${prose}${text.slice(at)}`.replace(/```(?:json)?/gi, ' ').trim()
}

/** The index after the brace that closes the one at `start`, skipping braces inside strings. */
function closingBrace(text: string, start: number): number | undefined {
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i + 1
  }
  return undefined
}

function parseObject(source: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(source)
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

// A small, forgiving reader for the flat XML that `uiautomator dump` writes: elements with
// attributes, nothing else (no text content, comments or CDATA matter). It decodes entities and
// skips whatever precedes the document (a warning line the shell printed first).

export interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: XmlElement[]
}

const TAG = /<(\/?)([A-Za-z_][\w.$:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g
const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** The top-level elements of `xml`. Unclosed elements are closed at the end; a stray end tag is ignored. */
export function readElements(xml: string): XmlElement[] {
  const roots: XmlElement[] = []
  const open: XmlElement[] = []
  for (const m of xml.matchAll(TAG)) {
    const [, slash, name, attributeText, selfClosing] = m
    if (name === undefined) continue // comment or processing instruction
    if (slash) {
      const at = open.map((e) => e.name).lastIndexOf(name)
      if (at >= 0) open.length = at
      continue
    }
    const element: XmlElement = { name, attributes: readAttributes(attributeText ?? ''), children: [] }
    const parent = open.at(-1)
    if (parent) parent.children.push(element)
    else roots.push(element)
    if (!selfClosing) open.push(element)
  }
  return roots
}

function readAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {}
  for (const m of text.matchAll(ATTRIBUTE)) attributes[m[1]!] = decodeEntities(m[2] ?? m[3] ?? '')
  return attributes
}

/** &amp; &lt; &#10; &#x1F600; … → their characters; an unknown entity stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10)
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED_ENTITIES[body] ?? whole
  })
}

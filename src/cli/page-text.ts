// What an extension page visibly says whatever its scripts do, read from its HTML with a small
// tag scanner (no DOM library): `init` quotes one short line of it, because the keyless offline
// verifier judges only quoted text, and OCR reads a heading or a button label reliably.

/** Elements whose content is never drawn as text. */
const UNSEEN = new Set(['script', 'style', 'template', 'noscript', 'svg', 'head', 'title', 'select', 'option', 'textarea', 'iframe', 'object', 'canvas'])
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])
/** Where a label OCR can read usually is, best first; any other element ranks after these. */
const RANK = ['h1', 'h2', 'h3', 'button', 'h4', 'h5', 'h6', 'label', 'legend', 'summary', 'p', 'li', 'a', 'td', 'th', 'span', 'div']
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

interface Open {
  tag: string
  hidden: boolean
  text: string
}

/** Labels of controls: a page's scripts wire these up, where they often rewrite a heading or a paragraph ("Loading…"). */
const CONTROLS = new Set(['button', 'label', 'legend', 'summary', 'a'])

/**
 * A page's short visible labels, best first (headings, then buttons, …); none for a page its
 * scripts render. A page that runs scripts offers only its controls' labels.
 */
export function visibleLabels(html: string): string[] {
  const scripted = /<script\b/i.test(html)
  const candidates: { rank: number; order: number; text: string }[] = []
  const stack: Open[] = []
  const close = (open: Open) => {
    const text = open.text.replace(/ +/g, ' ').trim()
    if (!open.hidden && readable(text) && (!scripted || CONTROLS.has(open.tag))) candidates.push({ rank: rankOf(open.tag), order: candidates.length, text })
  }
  const source = html.replace(/<!--[\s\S]*?-->/g, '')
  const token = /<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g
  for (let m = token.exec(source); m; m = token.exec(source)) {
    const [, slash, rawTag, attrs = '', text] = m
    if (text !== undefined) {
      // Text inside a hidden element counts for none of its ancestors either.
      if (stack.at(-1)?.hidden !== true) for (const open of stack) open.text += decode(text).replace(/\s+/g, ' ')
      continue
    }
    const tag = rawTag!.toLowerCase()
    if (slash) {
      const at = stack.map((o) => o.tag).lastIndexOf(tag)
      if (at >= 0) for (const open of stack.splice(at).reverse()) close(open)
      continue
    }
    if (tag === 'br') for (const open of stack) open.text += '\n'
    if (VOID.has(tag) || attrs.trimEnd().endsWith('/')) continue
    if (UNSEEN.has(tag)) {
      // Skip to its end tag: a script's `<` is not a tag.
      const end = source.toLowerCase().indexOf(`</${tag}`, token.lastIndex)
      token.lastIndex = end < 0 ? source.length : end
      stack.push({ tag, hidden: true, text: '' })
      continue
    }
    stack.push({ tag, hidden: stack.at(-1)?.hidden === true || isHidden(attrs), text: '' })
  }
  for (const open of stack.reverse()) close(open)
  const texts = candidates.sort((a, b) => a.rank - b.rank || a.order - b.order).map((c) => c.text)
  return [...new Set(texts)]
}

/** Short, on one line, letters OCR reads, no quote marks (the label is quoted) and no template placeholder. */
function readable(text: string): boolean {
  return (
    text.length >= 3 &&
    text.length <= 30 &&
    text.split(' ').length <= 4 &&
    /^[\p{L}\p{N} .,:;!?&()+-]+$/u.test(text) &&
    (text.match(/\p{L}/gu)?.length ?? 0) >= 3 &&
    !/__MSG_|\{\{/.test(text)
  )
}

function isHidden(attrs: string): boolean {
  return /(?:^|\s)hidden(?:\s|=|$)/i.test(attrs) || /aria-hidden\s*=\s*["']?true/i.test(attrs) || /style\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(attrs)
}

function rankOf(tag: string): number {
  const at = RANK.indexOf(tag)
  return at < 0 ? RANK.length : at
}

function decode(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)))
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

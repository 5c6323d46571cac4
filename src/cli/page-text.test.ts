import { describe, expect, it } from 'vitest'
import { visibleLabels } from './page-text.ts'

const visibleLabel = (html: string) => visibleLabels(html)[0]

describe('visibleLabel', () => {
  it('prefers a heading to a button, a button to body text, whatever their order', () => {
    expect(visibleLabel('<body><p>Some words here</p><button>Save notes</button><h2>My Notes</h2></body>')).toBe('My Notes')
    expect(visibleLabel('<body><p>Some words here</p><button id="go" class="x">Open Sidepanel</button></body>')).toBe('Open Sidepanel')
    expect(visibleLabel('<div><span>Hello there</span></div>')).toBe('Hello there')
  })

  it('joins the text of inline children and collapses whitespace and entities', () => {
    expect(visibleLabel('<h1>\n  Tab <b>Manager</b>\n</h1>')).toBe('Tab Manager')
    expect(visibleLabel('<h1>Fish&nbsp;&amp;&#32;Chips</h1>')).toBe('Fish & Chips')
  })

  it('never quotes what is not drawn: scripts, styles, templates, hidden elements, the title', () => {
    const html = `<!doctype html><html><head><title>Popup Title</title><style>h1 { color: red }</style></head>
      <body><script>if (a < b) document.write('<h1>Written Later</h1>')</script>
      <template><h1>Template Heading</h1></template><h1 hidden>Hidden Heading</h1>
      <div style="display: none"><h1>Nested Hidden</h1></div><!-- <h1>Commented</h1> -->
      <p>Shown text</p><button>Shown button</button></body></html>`
    expect(visibleLabel(html)).toBe('Shown button')
  })

  it("offers only its controls' labels on a page that runs scripts, which often rewrite a heading", () => {
    expect(visibleLabels('<h1>getting location...</h1><p>Wait</p><button>Locate me</button><script src="popup.js"></script>')).toEqual(['Locate me'])
    expect(visibleLabels('<h1>getting location...</h1><script src="popup.js"></script>')).toEqual([])
    expect(visibleLabels('<h1>getting location...</h1>')).toEqual(['getting location...'])
  })

  it('skips text OCR would not match as one quoted line: long, wrapped, symbols, quotes, placeholders', () => {
    expect(visibleLabel('<h1>A heading that goes on for far too many words</h1><p>Short one</p>')).toBe('Short one')
    expect(visibleLabel('<h1>Line one<br>line two</h1><button>Start</button>')).toBe('Start')
    expect(visibleLabel("<h1>It's mine</h1><h2>__MSG_title__</h2><h3>{{ name }}</h3><button>★ ★</button><p>Go on</p>")).toBe('Go on')
  })

  it('lists every label once, best first', () => {
    expect(visibleLabels('<h1>Notes</h1><button>Save</button><p>Notes</p><p>Saved here</p>')).toEqual(['Notes', 'Save', 'Saved here'])
  })

  it('finds nothing in a page its scripts render', () => {
    expect(visibleLabel('<html><body><div id="root"></div><script src="popup.js"></script></body></html>')).toBeUndefined()
    expect(visibleLabel('')).toBeUndefined()
  })
})

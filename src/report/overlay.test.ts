import { expect, it } from 'vitest'
import { fit, overlayBands, overlaySvg } from './overlay.ts'

const base = { width: 1280, height: 720, scale: 1280 / 1920, tone: 'step' as const }

it('draws a click where it landed, scaled from screen pixels, below the header band', () => {
  const svg = overlaySvg({ ...base, header: 'step 1/15 · click (1770, 63)', actions: [{ type: 'click', x: 1770, y: 63, button: 'left' }] })
  const top = overlayBands(1280, 720, false).top
  expect(svg).toContain(`<g transform="translate(0 ${top})">`)
  expect(svg).toContain('cx="1180" cy="42"')
  expect(svg).toContain(`height="${720 + top}"`)
})

it('draws a drag path, numbers several actions and captions typed text and key combos', () => {
  const svg = overlaySvg({
    ...base,
    header: 'h',
    actions: [
      { type: 'drag', path: [{ x: 0, y: 0 }, { x: 960, y: 540 }] },
      { type: 'type', text: '•••', secret: true },
      { type: 'keypress', keys: ['ctrl', 'shift', 't'] },
    ],
  })
  expect(svg).toContain('<polyline points="0,0 640,360"')
  expect(svg).toContain('>1 drag<')
  expect(svg).toContain('>type •••<')
  expect(svg).toContain('>press ctrl+shift+t<')
})

it('escapes text and cuts lines that would not fit', () => {
  const svg = overlaySvg({ ...base, header: '<script>"x" & y</script>', actions: [], note: 'a note' })
  expect(svg).toContain('&#60;script&#62;&#34;x&#34; &#38; y&#60;/script&#62;')
  expect(svg).not.toContain('<script>')
  expect(fit('a'.repeat(500), 200, 20)).toHaveLength(16)
  expect(fit('a'.repeat(500), 200, 20).endsWith('…')).toBe(true)
  expect(overlayBands(1280, 720, true).bottom).toBeGreaterThan(0)
})

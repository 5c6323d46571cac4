import { expect, it } from 'vitest'
import { fit, overlayBands, overlayPieces, type OverlayPiece } from './overlay.ts'

const base = { width: 1280, height: 720, scale: 1280 / 1920, tone: 'step' as const }
const all = (pieces: OverlayPiece[]) => pieces.map((p) => p.svg).join('\n')
/** A piece's place and size on the canvas, from its own attributes. */
const placed = (p: OverlayPiece) => {
  const [, w, h, x, y] = /width="(\d+)" height="(\d+)" viewBox="(\d+) (\d+) \d+ \d+"/.exec(p.svg)!.map(Number)
  return { x: x!, y: y!, w: w!, h: h!, left: p.left, top: p.top }
}

it('draws a click where it landed, scaled from screen pixels, below the header band, in a piece around it', () => {
  const pieces = overlayPieces({ ...base, header: 'step 1/15 · click (1770, 63)', actions: [{ type: 'click', x: 1770, y: 63, button: 'left' }] })
  const top = overlayBands(1280, 720, false).top
  expect(pieces).toHaveLength(2)
  const [header, click] = pieces.map(placed)
  expect(header).toEqual({ x: 0, y: 0, w: 1280, h: top, left: 0, top: 0 })
  expect(pieces[1]!.svg).toContain(`<g transform="translate(0 ${top})">`)
  expect(pieces[1]!.svg).toContain('cx="1180" cy="42"')
  // The piece holds the ring (radius 22, stroke 3.5 outside it) and no more than 40 px around the point.
  expect(click!.x).toBe(click!.left)
  expect(click!.y).toBe(click!.top)
  expect(click!.left).toBeLessThanOrEqual(1180 - 26)
  expect(click!.left + click!.w).toBeGreaterThanOrEqual(1180 + 26)
  expect(click!.top).toBeLessThanOrEqual(top + 42 - 26)
  expect(click!.top + click!.h).toBeGreaterThanOrEqual(top + 42 + 26)
  expect(click!.w * click!.h).toBeLessThanOrEqual(81 * 81)
})

it('keeps pieces on the canvas: a mark at its edge is cut there, as the canvas cuts it', () => {
  const pieces = overlayPieces({ ...base, header: 'h', actions: [{ type: 'click', x: 1919, y: 1079, button: 'right' }], note: 'n' })
  const bands = overlayBands(1280, 720, true)
  for (const p of pieces.map(placed)) {
    expect(p.left).toBeGreaterThanOrEqual(0)
    expect(p.left + p.w).toBeLessThanOrEqual(1280)
    expect(p.top + p.h).toBeLessThanOrEqual(bands.top + 720 + bands.bottom)
  }
  expect(all(pieces)).toContain('>right<')
})

it('draws a drag path, numbers several actions and captions typed text and key combos', () => {
  const pieces = overlayPieces({
    ...base,
    header: 'h',
    actions: [
      { type: 'drag', path: [{ x: 0, y: 0 }, { x: 960, y: 540 }] },
      { type: 'type', text: '•••', secret: true },
      { type: 'keypress', keys: ['ctrl', 'shift', 't'] },
    ],
  })
  const svg = all(pieces)
  expect(svg).toContain('<polyline points="0,0 640,360"')
  expect(svg).toContain('>1 drag<')
  expect(svg).toContain('>type •••<')
  expect(svg).toContain('>press ctrl+shift+t<')
  // header, the drag, the two captions in one piece at the bottom of the frame
  expect(pieces).toHaveLength(3)
  const captions = placed(pieces[2]!)
  expect(captions.top + captions.h).toBe(overlayBands(1280, 720, false).top + 720)
})

it('escapes text and cuts lines that would not fit', () => {
  const svg = all(overlayPieces({ ...base, header: '<script>"x" & y</script>', actions: [], note: 'a note' }))
  expect(svg).toContain('&#60;script&#62;&#34;x&#34; &#38; y&#60;/script&#62;')
  expect(svg).not.toContain('<script>')
  expect(fit('a'.repeat(500), 200, 20)).toHaveLength(16)
  expect(fit('a'.repeat(500), 200, 20).endsWith('…')).toBe(true)
  expect(overlayBands(1280, 720, true).bottom).toBeGreaterThan(0)
})

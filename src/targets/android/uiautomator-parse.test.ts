import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { DumpParseError, parseBounds, parseHierarchy } from './uiautomator-parse.ts'

const dump = (name: string) => readFile(new URL(`../../../fixtures/android/dumps/${name}`, import.meta.url), 'utf8')

describe('parseHierarchy on real-format dumps', () => {
  it('reads Android 4.2, which has no resource-id attribute', async () => {
    const h = parseHierarchy(await dump('settings-android-4.2.xml'))
    const wifi = h.nodes.find((n) => n.text === 'Wi‑Fi')!
    expect(wifi).toMatchObject({ className: 'android.widget.TextView', resourceId: '', packageName: 'com.android.settings' })
    const switches = h.nodes.filter((n) => n.className === 'android.widget.Switch')
    expect(switches.map((s) => [s.text, s.checkable, s.checked])).toEqual([['ON', true, true], ['OFF', true, false]])
    expect(h.nodes.find((n) => n.scrollable)!.className).toBe('android.widget.ListView')
  })

  it('reads Android 9 ids, descriptions, bounds and the NAF flag', async () => {
    const h = parseHierarchy(await dump('calculator-android-9.xml'))
    const seven = h.nodes.find((n) => n.resourceId === 'com.google.android.calculator:id/digit_7')!
    expect(seven).toMatchObject({ text: '7', clickable: true, bounds: { x: 0, y: 1145, width: 205, height: 253 }, center: { x: 103, y: 1272 } })
    expect(h.nodes.find((n) => n.text === '84')!.resourceId).toBe('com.google.android.calculator:id/result_preview')
    const naf = h.nodes.filter((n) => n.naf)
    expect(naf.map((n) => n.resourceId)).toEqual(['com.google.android.calculator:id/collapse_expand'])
    expect(naf[0]!.attributes.NAF).toBe('true')
    expect(h.nodes.find((n) => n.contentDesc === 'More options')!.text).toBe('')
  })

  it('reads Android 11 drawing-order and hint', async () => {
    const h = parseHierarchy(await dump('chrome-android-11.xml'))
    const url = h.nodes.find((n) => n.resourceId === 'com.android.chrome:id/url_bar')!
    expect(url).toMatchObject({ hint: 'Search or type web address', drawingOrder: 2, className: 'android.widget.EditText' })
    const tile = h.nodes.find((n) => n.contentDesc === 'Wikipedia')!
    expect(tile.children.map((c) => c.resourceId)).toEqual(['com.android.chrome:id/tile_view_icon', 'com.android.chrome:id/tile_view_title'])
    expect(tile.children[1]!.depth).toBe(tile.depth + 1)
  })

  it('reads Android 14 Compose: empty text, nested bounds, entities, unknown attributes', async () => {
    const h = parseHierarchy(await dump('compose-notes-android-14.xml'))
    expect(h.roots).toHaveLength(1)
    expect(h.roots[0]!.attributes['display-id']).toBe('0')
    const groceries = h.nodes.find((n) => n.text === 'Groceries')!
    expect(h.nodes.find((n) => n.text.startsWith('Milk'))!.text).toBe('Milk & eggs\n"Oat" bread')
    expect(h.nodes.find((n) => n.text.startsWith('50%'))!.text).toBe('50% off — <sale>')
    const card = h.nodes.find((n) => n.children.includes(groceries))!
    const inside = (a: typeof card.bounds, b: typeof card.bounds) => a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height
    expect(inside(groceries.bounds, card.bounds)).toBe(true)
    expect(h.nodes.filter((n) => n.naf && n.clickable).map((n) => n.className)).toEqual(['android.view.View'])
    const search = h.nodes.find((n) => n.hint === 'Search notes')!
    expect(search).toMatchObject({ text: '', focused: true })
    expect(h.nodes.find((n) => n.contentDesc === 'Show archived')).toMatchObject({ checked: true, enabled: false })
  })

  it('skips what the shell printed around the XML and keeps the rotation', async () => {
    const h = parseHierarchy(await dump('launcher-tty-android-12.txt'))
    expect(h.rotation).toBe(1)
    expect(h.nodes.map((n) => n.text)).toEqual(['', 'Phone'])
  })

  it('throws with what the dump said when it is an error', async () => {
    await expect(dump('error-idle-state.txt').then(parseHierarchy)).rejects.toThrow(/no <hierarchy>: ERROR: could not get idle state\./)
    await expect(dump('error-null-root.txt').then(parseHierarchy)).rejects.toBeInstanceOf(DumpParseError)
  })
})

describe('parseBounds', () => {
  it('reads [l,t][r,b] and never yields a negative size', () => {
    expect(parseBounds('[0,63][1080,210]')).toEqual({ x: 0, y: 63, width: 1080, height: 147 })
    expect(parseBounds('[0,2391][1080,2337]')).toEqual({ x: 0, y: 2391, width: 1080, height: 0 })
    expect(parseBounds(undefined)).toEqual({ x: 0, y: 0, width: 0, height: 0 })
  })
})

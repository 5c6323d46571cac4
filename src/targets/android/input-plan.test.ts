import { describe, expect, it } from 'vitest'
import { planInput, type InputContext } from './input-plan.ts'

const ctx: InputContext = { screen: { width: 1080, height: 2280 }, scale: { x: 1, y: 1 }, density: 440 }
const shell = (...words: (string | number)[]) => ({ shell: words.map(String) })

describe('planInput', () => {
  it('taps, long-presses on a right click, and refuses a middle click', () => {
    expect(planInput({ type: 'click', x: 540.4, y: 1200.6, button: 'left' }, ctx)).toEqual([shell('input', 'tap', 540, 1201)])
    expect(planInput({ type: 'click', x: 10, y: 20, button: 'right' }, ctx)).toEqual([shell('input', 'swipe', 10, 20, 10, 20, 800)])
    expect(() => planInput({ type: 'click', x: 10, y: 20, button: 'middle' }, ctx)).toThrow(/no middle button/)
  })

  it('double-taps in one shell line', () => {
    expect(planInput({ type: 'double_click', x: 5, y: 6 }, ctx)).toEqual([shell('input', 'tap', 5, 6, ';', 'input', 'tap', 5, 6)])
  })

  it('scales frame pixels to input coordinates', () => {
    expect(planInput({ type: 'click', x: 1080, y: 2280, button: 'left' }, { ...ctx, scale: { x: 0.5, y: 0.5 } })).toEqual([shell('input', 'tap', 540, 1140)])
  })

  it('does nothing for a hover', () => {
    expect(planInput({ type: 'move', x: 1, y: 1 }, ctx)).toEqual([])
  })

  it('drags with a slow swipe, or touch events along a longer path', () => {
    expect(planInput({ type: 'drag', path: [{ x: 1, y: 2 }, { x: 3, y: 4 }] }, ctx)).toEqual([shell('input', 'swipe', 1, 2, 3, 4, 1000)])
    expect(planInput({ type: 'drag', path: [{ x: 1, y: 2 }, { x: 3, y: 4 }, { x: 5, y: 6 }] }, ctx)).toEqual([
      shell('input', 'motionevent', 'DOWN', 1, 2, ';', 'input', 'motionevent', 'MOVE', 3, 4, ';', 'input', 'motionevent', 'UP', 5, 6),
    ])
  })

  it('scrolls by swiping against the direction, in density-independent pixels, clamped to the screen', () => {
    // 300 px at 440 dpi = 825 device pixels; scrolling down moves the finger up
    expect(planInput({ type: 'scroll', x: 540, y: 1140, scrollX: 0, scrollY: 300 }, ctx)).toEqual([shell('input', 'swipe', 540, 1140, 540, 315, 300)])
    expect(planInput({ type: 'scroll', x: 540, y: 200, scrollX: 0, scrollY: -300 }, ctx)).toEqual([shell('input', 'swipe', 540, 200, 540, 1025, 300)])
    expect(planInput({ type: 'scroll', x: 540, y: 2000, scrollX: 0, scrollY: -300 }, ctx)).toEqual([shell('input', 'swipe', 540, 2000, 540, 2279, 300)])
    expect(planInput({ type: 'scroll', x: 540, y: 1140, scrollX: 0, scrollY: 0 }, ctx)).toEqual([])
  })

  it('types through input text, with Enter as a key event', () => {
    expect(planInput({ type: 'type', text: "it's 5$\n" }, ctx)).toEqual([shell('input', 'text', `'it'\\''s%s5$'`), shell('input', 'keyevent', 66)])
  })

  it('presses keys by number, combinations together, and types a character without a key', () => {
    expect(planInput({ type: 'keypress', keys: ['Enter'] }, ctx)).toEqual([shell('input', 'keyevent', 66)])
    expect(planInput({ type: 'keypress', keys: ['back'] }, ctx)).toEqual([shell('input', 'keyevent', 4)])
    expect(planInput({ type: 'keypress', keys: ['ctrl', 'a'] }, ctx)).toEqual([shell('input', 'keycombination', 113, 29)])
    expect(planInput({ type: 'keypress', keys: ['!'] }, ctx)).toEqual([shell('input', 'text', `'!'`)])
    expect(() => planInput({ type: 'keypress', keys: ['ctrl', '!'] }, ctx)).toThrow(/no Android key code for "!"/)
  })

  it('waits', () => {
    expect(planInput({ type: 'wait', ms: 250 }, ctx)).toEqual([{ sleepMs: 250 }])
  })
})

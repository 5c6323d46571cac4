import { describe, expect, it } from 'vitest'
import { actionSchema, type Action } from '../../core/action.ts'
import { planAction } from './xdotool-plan.ts'

const plan = (action: Action, typeDelayMs = 10) => planAction(actionSchema.parse(action), { typeDelayMs })
const args = (action: Action) => {
  const result = plan(action)
  if (result.tool !== 'xdotool') throw new Error(`expected an xdotool plan, got ${result.tool}`)
  return result.args
}

describe('planAction', () => {
  it('moves then clicks with the mapped button, rounding coordinates', () => {
    expect(args({ type: 'click', x: 10.4, y: 20.6, button: 'left' })).toEqual(['mousemove', '10', '21', 'click', '--delay', '0', '1'])
    expect(args({ type: 'click', x: 1, y: 2, button: 'middle' }).at(-1)).toBe('2')
    expect(args({ type: 'click', x: 1, y: 2, button: 'right' }).at(-1)).toBe('3')
  })

  it('clamps negative coordinates so xdotool never reads them as options', () => {
    expect(args({ type: 'move', x: -5, y: 3 })).toEqual(['mousemove', '0', '3'])
  })

  it('double-clicks with two left clicks well inside the double-click interval', () => {
    expect(args({ type: 'double_click', x: 5, y: 6 })).toEqual(['mousemove', '5', '6', 'click', '--repeat', '2', '--delay', '60', '1'])
  })

  it('drags: press at the start, move in steps of at most 20 px, release at the end', () => {
    const a = args({ type: 'drag', path: [{ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 50, y: 10 }] })
    expect(a.slice(0, 5)).toEqual(['mousemove', '0', '0', 'mousedown', '1'])
    expect(a.slice(-4)).toEqual(['sleep', '0.01', 'mouseup', '1'])
    const moves: Array<[number, number]> = []
    a.forEach((arg, i) => {
      if (arg === 'mousemove' && i > 0) moves.push([Number(a[i + 1]), Number(a[i + 2])])
    })
    expect(moves).toEqual([[17, 0], [33, 0], [50, 0], [50, 10]])
  })

  it('types from stdin with the key delay, so the text is never an argument', () => {
    expect(plan({ type: 'type', text: '-rf hunter2', secret: true }, 12)).toEqual({
      tool: 'xdotool',
      args: ['type', '--delay', '12', '--file', '-'],
      stdin: '-rf hunter2',
    })
  })

  it('presses a normalised combo with cleared modifiers', () => {
    expect(args({ type: 'keypress', keys: ['Control', 'Shift', 'PageUp'] })).toEqual(['key', '--clearmodifiers', 'ctrl+shift+Prior'])
  })

  it('throws on an unknown key', () => {
    expect(() => plan({ type: 'keypress', keys: ['warp'] })).toThrow(/unknown key "warp"/)
  })

  it.each<[number, number, string[]]>([
    [0, 300, ['click', '--repeat', '3', '--delay', '10', '5']],
    [0, -120, ['click', '--repeat', '1', '--delay', '10', '4']],
    [0, 30, ['click', '--repeat', '1', '--delay', '10', '5']],
    [250, 0, ['click', '--repeat', '3', '--delay', '10', '7']],
    [-100, 200, ['click', '--repeat', '2', '--delay', '10', '5', 'click', '--repeat', '1', '--delay', '10', '6']],
    [0, 0, []],
  ])('scrolls (%d, %d) with wheel buttons 4-7, one notch per ~100 px', (scrollX, scrollY, wheel) => {
    expect(args({ type: 'scroll', x: 40, y: 50, scrollX, scrollY })).toEqual(['mousemove', '40', '50', ...wheel])
  })

  it('waits with a sleep, not xdotool', () => {
    expect(plan({ type: 'wait', ms: 250 })).toEqual({ tool: 'sleep', ms: 250 })
  })
})

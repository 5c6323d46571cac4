import { describe, expect, it } from 'vitest'
import { toActions, type ToolUse } from './computer-actions.ts'

// The image sent is half the screen: every coordinate doubles on the way to the screen.
const ctx = { canvas: { width: 960, height: 540 }, screen: { width: 1920, height: 1080 }, step: 3 }
let n = 0
const use = (action: unknown, input: Record<string, unknown> = {}): ToolUse => ({ id: `toolu_${++n}`, action, input })

describe('toActions: members → Actions in screen pixels', () => {
  it('maps clicks, moves, drags, typing, keys and waits', () => {
    const { actions, failures } = toActions(
      [
        use('left_click', { coordinate: [100, 50] }),
        use('right_click', { coordinate: [10, 10] }),
        use('middle_click', { coordinate: [1, 2] }),
        use('double_click', { coordinate: [5, 5] }),
        use('triple_click', { coordinate: [7, 8] }),
        use('mouse_move', { coordinate: [300, 200] }),
        use('left_click_drag', { start_coordinate: [0, 0], coordinate: [480, 270] }),
        use('type', { text: 'hello' }),
        use('key', { text: 'ctrl+Return', repeat: 2 }),
        use('wait', { duration: 1.5 }),
      ],
      ctx,
    )
    expect(failures).toEqual([])
    expect(actions).toEqual([
      { type: 'click', x: 200, y: 100, button: 'left' },
      { type: 'click', x: 20, y: 20, button: 'right' },
      { type: 'click', x: 2, y: 4, button: 'middle' },
      { type: 'double_click', x: 10, y: 10 },
      { type: 'double_click', x: 14, y: 16 },
      { type: 'click', x: 14, y: 16, button: 'left' },
      { type: 'move', x: 600, y: 400 },
      { type: 'drag', path: [{ x: 0, y: 0 }, { x: 960, y: 540 }] },
      { type: 'type', text: 'hello' },
      { type: 'keypress', keys: ['ctrl', 'enter'] },
      { type: 'keypress', keys: ['ctrl', 'enter'] },
      { type: 'wait', ms: 1500 },
    ])
  })

  it('scrolls by wheel clicks, at the coordinate or where the pointer is', () => {
    const { actions } = toActions([use('scroll', { coordinate: [100, 100], scroll_direction: 'down', scroll_amount: 3 }), use('scroll', { scroll_direction: 'left', scroll_amount: 2 })], ctx)
    expect(actions).toEqual([
      { type: 'scroll', x: 200, y: 200, scrollX: 0, scrollY: 300 },
      { type: 'scroll', x: 200, y: 200, scrollX: -200, scrollY: 0 },
    ])
  })

  it('a click without a coordinate lands where the pointer is; with no pointer known it is malformed', () => {
    expect(toActions([use('left_click')], { ...ctx, pointer: { x: 640, y: 360 } }).actions).toEqual([{ type: 'click', x: 640, y: 360, button: 'left' }])
    const lost = toActions([use('left_click')], ctx)
    expect(lost.failures).toEqual([{ type: 'malformed_action', step: 3, message: "cannot parse the model's action: left_click names no coordinate, and no action has placed the pointer yet" }])
    expect(lost.answers[0]).toMatchObject({ kind: 'error' })
  })

  it('left_mouse_down, moves and left_mouse_up become one drag, across turns too', () => {
    const first = toActions([use('mouse_move', { coordinate: [10, 10] }), use('left_mouse_down'), use('mouse_move', { coordinate: [50, 10] })], ctx)
    expect(first.actions).toEqual([{ type: 'move', x: 20, y: 20 }])
    expect(first.held).toEqual([{ x: 20, y: 20 }, { x: 100, y: 20 }])
    const second = toActions([use('mouse_move', { coordinate: [50, 60] }), use('left_mouse_up')], { ...ctx, pointer: { x: 100, y: 20 }, held: first.held })
    expect(second.actions).toEqual([{ type: 'drag', path: [{ x: 20, y: 20 }, { x: 100, y: 20 }, { x: 100, y: 120 }] }])
    expect(second.held).toBeUndefined()
    expect(toActions([use('left_mouse_down'), use('left_mouse_up')], { ...ctx, pointer: { x: 4, y: 4 } }).actions).toEqual([{ type: 'click', x: 4, y: 4, button: 'left' }])
    expect(toActions([use('left_mouse_up')], ctx).failures[0]?.message).toMatch(/left_mouse_up without a left_mouse_down/)
  })

  it('answers cursor_position with the pointer in image pixels, after the batch moved it', () => {
    const { answers } = toActions([use('cursor_position'), use('mouse_move', { coordinate: [30, 40] }), use('cursor_position')], { ...ctx, pointer: { x: 1000, y: 500 } })
    expect(answers.map((a) => (a.kind === 'cursor' ? a.at : a.kind))).toEqual([{ x: 500, y: 250 }, 'screenshot', { x: 30, y: 40 }])
    expect(toActions([use('cursor_position')], ctx).answers[0]).toEqual({ id: expect.any(String), kind: 'cursor', at: undefined })
  })

  it('answers zoom with the region in screen pixels, and screenshot with the screen', () => {
    const { actions, answers } = toActions([use('zoom', { region: [100, 50, 0, 0] }), use('screenshot')], ctx)
    expect(actions).toEqual([])
    expect(answers).toEqual([{ id: expect.any(String), kind: 'zoom', box: { x: 0, y: 0, width: 200, height: 100 } }, { id: expect.any(String), kind: 'screenshot' }])
    expect(toActions([use('zoom', { region: [5, 5, 5, 9] })], ctx).failures[0]?.type).toBe('malformed_action')
  })

  it('an unknown action is unknown_action, a bad field malformed_action, a held modifier unsupported; the rest of the batch runs', () => {
    const { actions, failures, answers } = toActions(
      [use('teleport', { coordinate: [1, 1] }), use('left_click', { coordinate: [10] }), use('left_click', { coordinate: [1, 1], text: 'shift' }), use('key', { text: 'hyper+q' }), use('type', { text: 'ok' })],
      ctx,
    )
    expect(failures.map((f) => f.type)).toEqual(['unknown_action', 'malformed_action', 'unknown_action', 'malformed_action'])
    expect(failures[0]?.message).toMatch(/unsupported computer action "teleport"; the computer tool's actions are left_click, right_click/)
    expect(failures[2]?.message).toBe('left_click while holding shift is not supported')
    expect(actions).toEqual([{ type: 'type', text: 'ok' }])
    expect(answers.map((a) => a.kind)).toEqual(['error', 'error', 'error', 'error', 'screenshot'])
  })

  it('hold_key presses once and waits, and says so', () => {
    const { actions, notes } = toActions([use('hold_key', { text: 'shift', duration: 2 })], ctx)
    expect(actions).toEqual([{ type: 'keypress', keys: ['shift'] }, { type: 'wait', ms: 2000 }])
    expect(notes[0]).toMatch(/hold_key shift for 2s: pressed once, then waited/)
  })
})

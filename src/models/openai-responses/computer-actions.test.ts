import { describe, expect, it } from 'vitest'
import { toActions, WAIT_MS } from './computer-actions.ts'

const ctx = { canvas: { width: 1280, height: 720 }, screen: { width: 1920, height: 1080 }, step: 4 }

describe('toActions: computer tool actions → screen pixels', () => {
  it('maps a GA batch in order, scaling canvas pixels to the screen', () => {
    const { actions, failures } = toActions(
      [
        { type: 'click', button: 'left', x: 1180, y: 42 },
        { type: 'type', text: 'hello' },
        { type: 'keypress', keys: ['CTRL', 'L'] },
        { type: 'screenshot' },
        { type: 'wait' },
      ],
      ctx,
    )
    expect(failures).toEqual([])
    expect(actions).toEqual([
      { type: 'click', x: 1770, y: 63, button: 'left' },
      { type: 'type', text: 'hello' },
      { type: 'keypress', keys: ['ctrl', 'l'] },
      { type: 'wait', ms: WAIT_MS },
    ])
  })

  it('maps every other action the tool defines', () => {
    const { actions } = toActions(
      [
        { type: 'double_click', x: 10, y: 20, keys: null },
        { type: 'move', x: 640, y: 360 },
        { type: 'drag', path: [{ x: 0, y: 0 }, { x: 100, y: 50 }] },
        { type: 'scroll', x: 640, y: 360, scroll_x: 0, scroll_y: 200 },
        { type: 'click', button: 'wheel', x: 2, y: 2 },
        { type: 'click', button: 'right', x: 2, y: 2 },
      ],
      ctx,
    )
    expect(actions).toEqual([
      { type: 'double_click', x: 15, y: 30 },
      { type: 'move', x: 960, y: 540 },
      { type: 'drag', path: [{ x: 0, y: 0 }, { x: 150, y: 75 }] },
      { type: 'scroll', x: 960, y: 540, scrollX: 0, scrollY: 300 },
      { type: 'click', x: 3, y: 3, button: 'middle' },
      { type: 'click', x: 3, y: 3, button: 'right' },
    ])
  })

  it('keeps coordinates outside the canvas as they are (the loop records out_of_bounds)', () => {
    expect(toActions([{ type: 'click', button: 'left', x: 5120, y: 2880 }], ctx).actions).toEqual([{ type: 'click', x: 7680, y: 4320, button: 'left' }])
  })

  it('an unknown type is unknown_action; the rest of the batch still runs', () => {
    const { actions, failures } = toActions([{ type: 'teleport', x: 1, y: 1 }, { type: 'type', text: 'a' }], ctx)
    expect(actions).toEqual([{ type: 'type', text: 'a' }])
    expect(failures).toEqual([expect.objectContaining({ type: 'unknown_action', step: 4 })])
  })

  it.each([
    [{ type: 'click', button: 'left', x: 10 }, /click: y/],
    [{ type: 'drag', path: [{ x: 1, y: 1 }] }, /drag: path/],
    [{ type: 'keypress', keys: ['HYPERSPACE'] }, /unknown key "HYPERSPACE"/],
    [{ type: 'type' }, /type: text/],
  ])('a bad field is malformed_action: %j', (action, message) => {
    const { actions, failures } = toActions([action], ctx)
    expect(actions).toEqual([])
    expect(failures).toHaveLength(1)
    expect(failures[0]).toMatchObject({ type: 'malformed_action', step: 4 })
    expect(failures[0]!.message).toMatch(message)
  })

  it('what the screen cannot do is unknown_action, said plainly', () => {
    const { failures } = toActions([{ type: 'click', button: 'back', x: 1, y: 1 }, { type: 'click', button: 'left', x: 1, y: 1, keys: ['shift'] }, 'click'], ctx)
    expect(failures.map((f) => [f.type, f.message])).toEqual([
      ['unknown_action', 'click with the back mouse button is not supported'],
      ['unknown_action', 'click while holding shift is not supported'],
      ['unknown_action', expect.stringContaining('unsupported action undefined')],
    ])
  })
})

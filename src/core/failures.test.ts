import { describe, expect, it } from 'vitest'
import { clampAction, detectNoProgress, detectOutOfBounds, detectRepeatedAction, summarizeFailures } from './failures.ts'

const screen = { width: 100, height: 50 }

describe('out_of_bounds', () => {
  it('flags points outside the screen and leaves points inside alone', () => {
    expect(detectOutOfBounds([{ type: 'click', x: 99, y: 49, button: 'left' }], screen)).toEqual([])
    const [f] = detectOutOfBounds([{ type: 'click', x: 100, y: 10, button: 'left' }], screen, 4)
    expect(f).toMatchObject({ type: 'out_of_bounds', step: 4 })
    expect(detectOutOfBounds([{ type: 'drag', path: [{ x: 1, y: 1 }, { x: 1, y: -3 }] }], screen)).toHaveLength(1)
    expect(detectOutOfBounds([{ type: 'type', text: 'x' }], screen)).toEqual([])
  })
  it('clamps into the screen', () => {
    expect(clampAction({ type: 'click', x: 140, y: -2, button: 'left' }, screen)).toMatchObject({ x: 99, y: 0 })
  })
})

describe('repeated_action', () => {
  const click = { type: 'click', x: 5, y: 5, button: 'left' } as const
  it('fires on the same action on the same frame within the window', () => {
    const history = [{ step: 1, frameHash: 'a', actions: [click] }]
    expect(detectRepeatedAction(history, { step: 2, frameHash: 'a', actions: [click] })).toMatchObject({ type: 'repeated_action', step: 2 })
  })
  it('does not fire when the frame changed, the action differs, or it is outside the window', () => {
    const history = [{ step: 1, frameHash: 'a', actions: [click] }]
    expect(detectRepeatedAction(history, { step: 2, frameHash: 'b', actions: [click] })).toBeUndefined()
    expect(detectRepeatedAction(history, { step: 2, frameHash: 'a', actions: [{ ...click, x: 6 }] })).toBeUndefined()
    const long = [{ step: 1, frameHash: 'a', actions: [click] }, ...[2, 3, 4].map((step) => ({ step, frameHash: 'x', actions: [] }))]
    expect(detectRepeatedAction(long, { step: 5, frameHash: 'a', actions: [click] }, 3)).toBeUndefined()
  })
  it('does not count waits: waiting again on an unchanged screen is not looping', () => {
    const wait = { type: 'wait', ms: 1000 } as const
    const history = [1, 2].map((step) => ({ step, frameHash: 'a', actions: [wait] }))
    expect(detectRepeatedAction(history, { step: 3, frameHash: 'a', actions: [wait] })).toBeUndefined()
    expect(detectRepeatedAction(history, { step: 3, frameHash: 'a', actions: [wait, wait] })).toBeUndefined()
  })
  it('still catches a repeated click, with or without waits around it', () => {
    const wait = { type: 'wait', ms: 1000 } as const
    const history = [{ step: 1, frameHash: 'a', actions: [click, wait] }, { step: 2, frameHash: 'a', actions: [wait] }]
    expect(detectRepeatedAction(history, { step: 3, frameHash: 'a', actions: [click] })).toMatchObject({ type: 'repeated_action', step: 3, message: 'same action as step 1 on an unchanged screen' })
    expect(detectRepeatedAction(history, { step: 3, frameHash: 'a', actions: [wait, click] })).toMatchObject({ type: 'repeated_action', step: 3 })
  })
})

describe('no_progress', () => {
  it('fires once the screen is unchanged across k acting steps', () => {
    expect(detectNoProgress(['h', 'h', 'h'], 3, 3)).toBeUndefined()
    expect(detectNoProgress(['h', 'h', 'h', 'h'], 4, 3)).toMatchObject({ type: 'no_progress', step: 4 })
    expect(detectNoProgress(['g', 'h', 'h', 'h'], 4, 3)).toBeUndefined()
  })
})

it('summarizes failures by type', () => {
  expect(summarizeFailures([
    { type: 'no_progress', message: '' },
    { type: 'no_progress', message: '' },
    { type: 'blank_frame', message: '' },
  ])).toBe('no_progress ×2, blank_frame')
})

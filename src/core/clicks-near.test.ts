import { describe, expect, it } from 'vitest'
import type { Action } from './action.ts'
import { clicksNear } from './clicks-near.ts'

const ICON = { x: 1100, y: 45, width: 20, height: 20 }
const step = (n: number, frameHash: string, ...actions: Action[]) => ({ step: n, frameHash, actions })
const click = (x: number, y: number): Action => ({ type: 'click', x, y, button: 'left' })

describe('clicksNear', () => {
  it('finds clicks on the box or within the margin, and whether the next frame differs', () => {
    const steps = [step(1, 'a', click(1110, 55)), step(2, 'a', click(1098, 44)), step(3, 'b', { type: 'double_click', x: 1123, y: 60 }), step(4, 'c')]
    expect(clicksNear(steps, ICON, 4)).toEqual([
      { step: 1, changed: false },
      { step: 2, changed: true },
      { step: 3, changed: true },
    ])
  })

  it('ignores clicks outside the margin and actions without a click', () => {
    const steps = [step(1, 'a', click(1090, 55), { type: 'move', x: 1110, y: 55 }), step(2, 'b', { type: 'type', text: 'x' })]
    expect(clicksNear(steps, ICON, 4)).toEqual([])
  })

  it('cannot tell a change after the last step', () => {
    expect(clicksNear([step(7, 'a', click(1110, 55))], ICON, 0)).toEqual([{ step: 7, changed: undefined }])
  })
})

import { describe, expect, it } from 'vitest'
import { gifShortfall, planGif } from './gif-check.ts'

describe('planGif', () => {
  it('holds every frame frameMs and the last lastFrameMs', () => {
    expect(planGif(8, 1500, 4000)).toEqual({ plannedFrames: 8, plannedMs: 14_500 })
    expect(planGif(1, 1500, 4000)).toEqual({ plannedFrames: 1, plannedMs: 4000 })
  })
})

describe('gifShortfall', () => {
  const plan = planGif(8, 1500, 4000)
  it('says nothing of a whole GIF, whose delays rounded to centiseconds', () => {
    expect(gifShortfall({ ...plan, frames: 8, ms: 14_500 })).toBeUndefined()
    expect(gifShortfall({ ...planGif(3, 1234, 4000), frames: 3, ms: 2 * 1230 + 4000 })).toBeUndefined()
  })
  it('names the frames and time of a GIF cut short', () => {
    expect(gifShortfall({ ...plan, frames: 2, ms: 3000 })).toBe('GIF incomplete: 2 of 8 planned frames, 3.0 s of 14.5 s')
  })
  it('names a GIF with every frame but the wrong time', () => {
    expect(gifShortfall({ ...plan, frames: 8, ms: 12_000 })).toBe('GIF incomplete: 8 of 8 planned frames, 12.0 s of 14.5 s')
  })
})

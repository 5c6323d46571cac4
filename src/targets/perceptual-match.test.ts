// The replay threshold on real captured frame pairs: what must still match, and what must not.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { frameDistance, framesMatch } from '../core/frame.ts'
import { encodePng } from './frame-encoder.ts'

const frames = join(import.meta.dirname, '../../fixtures/frames')
const phash = async (name: string) => (await encodePng(await readFile(join(frames, `${name}.png`)))).phash

describe('framesMatch on real frames', () => {
  it('matches frames that differ only by a blinking caret', async () => {
    expect(frameDistance(await phash('caret-on'), await phash('caret-off'))).toBe(0)
    expect(framesMatch(await phash('caret-on'), await phash('caret-off'))).toBe(true)
  })

  it('does not match a restyled, moved button', async () => {
    const distance = frameDistance(await phash('popup-open'), await phash('popup-restyled'))
    expect(distance).toBeGreaterThan(3)
  })

  it('does not match an opened popup, or a panel showing an error page', async () => {
    expect(framesMatch(await phash('browser-started'), await phash('popup-open'))).toBe(false)
    expect(framesMatch(await phash('sidepanel-open'), await phash('sidepanel-error'))).toBe(false)
  })
})

import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { evenFrames } from './even-frames.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentprobe-even-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

async function frame(name: string, width: number, height: number): Promise<string> {
  const file = join(dir, name)
  await writeFile(file, await sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).png().toBuffer())
  return file
}

it('scales every frame to the GIF width and pads the smaller one below and evenly at the sides', async () => {
  const files = [await frame('browser.png', 1280, 782), await frame('phone.png', 606, 1280)]
  const even = await evenFrames(files, '#000000', 640)
  expect(even.size).toEqual({ width: 640, height: 640 })
  for (const frame of even.frames) expect(frame.length).toBe(640 * 640 * 3)
  // The phone frame, scaled by 0.5 to 303×640, sits in the middle: black at its sides, red inside.
  const phone = even.frames[1]!
  const red = (x: number, y: number) => phone[(y * 640 + x) * 3]! > 200
  expect([red(100, 320), red(320, 320), red(560, 320)]).toEqual([false, true, false])
  // The browser frame, scaled to 640×391, has a band below it.
  const browser = even.frames[0]!
  const at = (y: number) => browser[(y * 640 + 320) * 3]! > 200
  expect([at(380), at(400)]).toEqual([true, false])
})

it('never scales up, and keeps an even height', async () => {
  const even = await evenFrames([await frame('small.png', 300, 201)], '#000000', 960)
  expect(even.size).toEqual({ width: 300, height: 202 })
  expect(even.frames[0]!.length).toBe(300 * 202 * 3)
})

import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadFrame, type FrameName } from '../../fixtures/frames/index.ts'
import { colouredIcon, flatRedIcon } from '../../fixtures/frames/toolbar-icons.ts'
import { isAgentprobeError } from '../core/errors.ts'
import { decodeImage, type Raster } from './raster.ts'
import { toolbarStrip } from './strip.ts'
import { matchTemplate } from './ncc.ts'
import { findImage } from './template.ts'

const icon = (size: number) => fileURLToPath(new URL(`../../fixtures/extensions/sidepanel/icons/${size}.png`, import.meta.url))
const frame = async (name: FrameName) => decodeImage(await (await loadFrame(name)).png())

describe('findImage', () => {
  it('finds the pinned extension icon in the toolbar strip', async () => {
    const raster = await frame('browser-started')
    const match = await findImage(raster, icon(16), { region: toolbarStrip(raster) })
    expect(match?.box).toEqual({ x: 1762, y: 55, width: 16, height: 16 })
    expect(match!.score).toBeGreaterThan(0.9)
  })

  it('finds it from the 128 px manifest icon, on the whole frame', async () => {
    const match = await findImage(await frame('browser-started'), await readFile(icon(128)))
    expect(match?.box).toEqual({ x: 1762, y: 55, width: 16, height: 16 })
  })

  it('follows the icon when the toolbar changes (side panel button added)', async () => {
    const match = await findImage(await frame('sidepanel-open'), icon(48), { region: { x: 0, y: 0, width: 1920, height: 88 } })
    expect(match?.box.x).toBe(1726)
  })

  it('finds nothing on a blank frame', async () => {
    const blank: Raster = { data: new Uint8Array(1920 * 1080 * 3).fill(255), width: 1920, height: 1080 }
    expect(await findImage(blank, icon(16))).toBeUndefined()
  })

  it('finds nothing once the icon is painted over', async () => {
    const raster = await frame('browser-started')
    for (let y = 53; y < 73; y++) raster.data.fill(255, (y * 1920 + 1760) * 3, (y * 1920 + 1780) * 3)
    expect(await findImage(raster, icon(16))).toBeUndefined()
    const best = await findImage(raster, icon(16), { threshold: -1 })
    expect(best!.score).toBeLessThan(0.6)
  })

  it('names the image it cannot read', async () => {
    const error = await findImage(await frame('browser-started'), 'no/such/icon.png').catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_CONFIG')
    expect(String(error)).toContain('no/such/icon.png')
  })
})

describe('findImage on flat icons', () => {
  it('finds a one-colour square by colour, where correlation has nothing to work with', async () => {
    const raster = await frame('toolbar-flat-icon')
    const match = await findImage(raster, await flatRedIcon(), { region: toolbarStrip(raster) })
    expect(match).toMatchObject({ box: { x: 1762, y: 55, width: 16, height: 16 }, method: 'colour' })
    expect(match!.score).toBeGreaterThan(0.95)
    const red = new Uint8Array(16 * 16 * 4).map((_, i) => [0xd9, 0x30, 0x25, 255][i % 4]!)
    expect(matchTemplate(raster, { data: red, width: 16, height: 16 }, toolbarStrip(raster)!)?.score ?? 0).toBeLessThan(0.8)
  })

  it('finds it at 1280×720 too, and on the whole frame', async () => {
    const match = await findImage(await frame('toolbar-flat-icon-720'), await flatRedIcon())
    expect(match?.box).toEqual({ x: 1122, y: 55, width: 16, height: 16 })
  })

  it('does not take another red thing for it', async () => {
    const best = await findImage(await frame('coloured-buttons'), await flatRedIcon(), { region: { x: 0, y: 0, width: 1920, height: 88 }, threshold: -1 })
    expect(best?.score ?? 0).toBeLessThan(0.8)
    expect(await findImage(await frame('toolbar-letter-tile'), await flatRedIcon())).toBeUndefined()
  })

  it('still finds a many-coloured icon with transparent corners, at 1280×720', async () => {
    const raster = await frame('toolbar-coloured-720')
    const match = await findImage(raster, await colouredIcon(), { region: toolbarStrip(raster) })
    expect(match?.box).toEqual({ x: 1122, y: 55, width: 16, height: 16 })
    expect(match!.score).toBeGreaterThan(0.9)
  })
})

describe('toolbarStrip', () => {
  it('ends at the toolbar border', async () => {
    expect(toolbarStrip(await frame('browser-started'))).toEqual({ x: 0, y: 0, width: 1920, height: 88 })
  })

  it('is undefined when nothing spans the top of the frame', () => {
    const blank: Raster = { data: new Uint8Array(400 * 300 * 3).fill(255), width: 400, height: 300 }
    expect(toolbarStrip(blank)).toBeUndefined()
  })
})

// Launch readiness against a real Chromium: "ready" is a drawn window with the pinned extension's
// button in its toolbar, on a frame that has stopped changing; a display with no browser never is.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { waitForBrowserDrawn } from '../src/browser-pool/browser-drawn.ts'
import { decodeImage } from '../src/grounding/raster.ts'
import { findToolbarSlot } from '../src/grounding/toolbar-slot.ts'
import { launchChrome } from '../src/targets/chrome/launcher.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'

const FIXTURE = fileURLToPath(new URL('../fixtures/extensions/sidepanel', import.meta.url))
const NO_ICONS = fileURLToPath(new URL('../fixtures/extensions/no-icons', import.meta.url))
const SIZE = { width: 1280, height: 720 }

let screen: X11Screen
beforeAll(async () => {
  screen = await X11Screen.start(SIZE)
})
afterAll(async () => {
  await screen?.close()
})

it('a display with no browser on it is never called drawn, and says what it saw', async () => {
  const result = await waitForBrowserDrawn(screen, { pinnedIcon: true, timeoutMs: 600 })
  expect(result.drawn).toBe(false)
  expect(result.evidence).toBe('a blank frame')
})

it.each([
  ['a coloured icon', FIXTURE],
  ["Chrome's letter tile (no icons in the manifest)", NO_ICONS],
])('right after launch, it waits until the pinned button is drawn and still: %s', async (_, extensionDir) => {
  const chrome = await launchChrome({ display: screen.display, extensionDir, size: SIZE })
  try {
    const result = await waitForBrowserDrawn(screen, { pinnedIcon: true })
    expect(result.drawn, result.evidence).toBe(true)
    // The frame the first step would see has the button where readiness found it.
    const slot = findToolbarSlot(await decodeImage(await (await screen.capture()).png()))
    expect(slot?.confidence).toBeGreaterThanOrEqual(0.75)
    expect(result.evidence).toContain(`(${slot!.center.x}, ${slot!.center.y})`)
  } finally {
    await chrome.close()
  }
})

import { describe, expect, it } from 'vitest'
import { toActions, WAIT_MS, type MapContext } from './function-actions.ts'

const BROWSER: MapContext = { screen: { width: 1920, height: 1080 }, environment: 'browser', step: 2 }
const MOBILE: MapContext = { screen: { width: 1080, height: 2280 }, environment: 'mobile', step: 1 }
const actions = (name: string, args: Record<string, unknown> = {}, ctx = BROWSER) => {
  const r = toActions({ name, args }, ctx)
  if ('failure' in r) throw new Error(r.failure.message)
  return r.actions
}

describe('Gemini function calls → Actions in screen pixels', () => {
  it('maps points from the 0–999 grid onto the screen, whatever the image size', () => {
    expect(actions('click_at', { x: 500, y: 500 })).toEqual([{ type: 'click', x: 960, y: 540, button: 'left' }])
    expect(actions('hover_at', { x: 999, y: 0 })).toEqual([{ type: 'move', x: 1918, y: 0 }])
    expect(actions('click_at', { x: 500, y: 250 }, MOBILE)).toEqual([{ type: 'click', x: 540, y: 570, button: 'left' }])
    expect(actions('drag_and_drop', { x: 100, y: 100, destination_x: 900, destination_y: 500 })).toEqual([{ type: 'drag', path: [{ x: 192, y: 108 }, { x: 1728, y: 540 }] }])
  })

  it('type_text_at clicks, clears the field and presses Enter by default, as Google documents', () => {
    expect(actions('type_text_at', { x: 500, y: 500, text: 'cats' })).toEqual([
      { type: 'click', x: 960, y: 540, button: 'left' },
      { type: 'keypress', keys: ['ctrl', 'a'] },
      { type: 'keypress', keys: ['backspace'] },
      { type: 'type', text: 'cats' },
      { type: 'keypress', keys: ['enter'] },
    ])
    expect(actions('type_text_at', { x: 500, y: 500, text: 'cats', press_enter: false, clear_before_typing: false })).toEqual([
      { type: 'click', x: 960, y: 540, button: 'left' },
      { type: 'type', text: 'cats' },
    ])
  })

  it('key_combination reads "Control+Shift+T" and a trailing plus key', () => {
    expect(actions('key_combination', { keys: 'Control+Shift+T' })).toEqual([{ type: 'keypress', keys: ['ctrl', 'shift', 't'] }])
    expect(actions('key_combination', { keys: 'Enter' })).toEqual([{ type: 'keypress', keys: ['enter'] }])
    expect(actions('key_combination', { keys: 'Control++' })).toEqual([{ type: 'keypress', keys: ['ctrl', '+'] }])
  })

  it('scrolls by a magnitude on the grid (default 800), the document at the centre', () => {
    expect(actions('scroll_at', { x: 500, y: 500, direction: 'down', magnitude: 500 })).toEqual([{ type: 'scroll', x: 960, y: 540, scrollX: 0, scrollY: 540 }])
    expect(actions('scroll_at', { x: 500, y: 500, direction: 'left' })).toEqual([{ type: 'scroll', x: 960, y: 540, scrollX: -1536, scrollY: 0 }])
    expect(actions('scroll_document', { direction: 'up' })).toEqual([{ type: 'scroll', x: 960, y: 540, scrollX: 0, scrollY: -864 }])
  })

  it('waits 5 seconds; Back is the browser shortcut, or the phone’s Back key', () => {
    expect(actions('wait_5_seconds')).toEqual([{ type: 'wait', ms: WAIT_MS }])
    expect(actions('go_back')).toEqual([{ type: 'keypress', keys: ['alt', 'left'] }])
    expect(actions('go_back', {}, MOBILE)).toEqual([{ type: 'keypress', keys: ['back'] }])
    expect(actions('go_forward')).toEqual([{ type: 'keypress', keys: ['alt', 'right'] }])
  })

  it('a safety decision in the args does not spoil them', () => {
    expect(actions('click_at', { x: 0, y: 0, safety_decision: { decision: 'require_confirmation', explanation: 'x' } })).toEqual([{ type: 'click', x: 0, y: 0, button: 'left' }])
  })

  it('an excluded or unknown function is unknown_action; bad arguments are malformed_action', () => {
    expect(toActions({ name: 'navigate', args: { url: 'https://example.com' } }, BROWSER)).toEqual({ failure: expect.objectContaining({ type: 'unknown_action', step: 2, message: expect.stringMatching(/"navigate" is excluded from a test/) }) })
    expect(toActions({ name: 'go_forward' }, MOBILE)).toEqual({ failure: expect.objectContaining({ type: 'unknown_action', message: expect.stringMatching(/excluded/) }) })
    expect(toActions({ name: 'teleport_to', args: { x: 1, y: 1 } }, BROWSER)).toEqual({ failure: expect.objectContaining({ type: 'unknown_action', message: expect.stringMatching(/not a function this adapter declares/) }) })
    expect(toActions({ name: 'click_at', args: { x: 10 } }, BROWSER)).toEqual({ failure: expect.objectContaining({ type: 'malformed_action', message: expect.stringMatching(/click_at: y /) }) })
    expect(toActions({ name: 'key_combination', args: { keys: 'Hyper+Q' } }, BROWSER)).toEqual({ failure: expect.objectContaining({ type: 'malformed_action' }) })
  })
})

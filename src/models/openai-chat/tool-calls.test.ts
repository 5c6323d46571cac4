import { describe, expect, it } from 'vitest'
import { parseToolCalls, type ToolCall } from './tool-calls.ts'

const screen = { width: 1920, height: 1080 }
const grid = { convention: { kind: 'normalized', scale: 1000 } as const, canvas: { width: 1280, height: 720 }, screen, step: 2 }
const pixels = { convention: { kind: 'pixels' } as const, canvas: { width: 1280, height: 720 }, screen, step: 2 }
const call = (name: string, args: unknown, id = name): ToolCall => ({ id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) })

describe('parseToolCalls', () => {
  it('maps grid coordinates to screen pixels', () => {
    const out = parseToolCalls([call('click', { x: 922, y: 58 }), call('scroll', { x: 500, y: 500, scroll_x: 0, scroll_y: 250 })], grid)
    expect(out.actions).toEqual([
      { type: 'click', x: 1770, y: 63, button: 'left' },
      { type: 'scroll', x: 960, y: 540, scrollX: 0, scrollY: 270 },
    ])
    expect(out.failures).toEqual([])
    expect([...out.results.values()]).toEqual(['ok', 'ok'])
  })

  it('maps pixel coordinates, and every action tool', () => {
    const out = parseToolCalls([
      call('double_click', { x: 640, y: 360 }),
      call('move', { x: 0, y: 0 }),
      call('drag', { start_x: 0, start_y: 0, end_x: 100, end_y: 100 }),
      call('type', { text: 'hi' }),
      call('keypress', { keys: ['Control', 'a'] }),
      call('keypress', { keys: 'shift+tab' }, 'k2'),
      call('wait', {}),
      call('click', { x: 10, y: 10, button: 'right' }, 'c2'),
    ], pixels)
    expect(out.actions).toEqual([
      { type: 'double_click', x: 960, y: 540 },
      { type: 'move', x: 0, y: 0 },
      { type: 'drag', path: [{ x: 0, y: 0 }, { x: 150, y: 150 }] },
      { type: 'type', text: 'hi' },
      { type: 'keypress', keys: ['ctrl', 'a'] },
      { type: 'keypress', keys: ['shift', 'tab'] },
      { type: 'wait', ms: 1000 },
      { type: 'click', x: 15, y: 15, button: 'right' },
    ])
  })

  it('reads done and fail as a verdict with its reason', () => {
    expect(parseToolCalls([call('done', { reason: ' the panel shows it ' })], pixels).verdict).toEqual({ status: 'passed', reason: 'the panel shows it' })
    expect(parseToolCalls([call('fail', { reason: 'an error page' })], pixels).verdict).toEqual({ status: 'failed', reason: 'an error page' })
  })

  it('an unknown tool is unknown_action, told back to the model', () => {
    const out = parseToolCalls([call('teleport', { x: 1, y: 1 }, 'id1'), call('type', { text: 'a' })], pixels)
    expect(out.failures).toEqual([expect.objectContaining({ type: 'unknown_action', step: 2 })])
    expect(out.results.get('id1')).toMatch(/^not performed: unsupported action "teleport"/)
    expect(out.actions).toEqual([{ type: 'type', text: 'a' }])
  })

  it.each([
    [call('click', '{"x": 10,'), /click: arguments are not JSON/],
    [call('click', { x: 10 }), /click: y/],
    [call('keypress', { keys: ['nosuchkey'] }), /keypress: unknown key "nosuchkey"/],
    [call('wait', { seconds: -1 }), /wait: seconds/],
  ])('bad arguments are malformed_action: %j', (c, message) => {
    const out = parseToolCalls([c], pixels)
    expect(out.actions).toEqual([])
    expect(out.failures).toHaveLength(1)
    expect(out.failures[0]!.type).toBe('malformed_action')
    expect(out.failures[0]!.message).toMatch(message)
  })
})

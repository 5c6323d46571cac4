import { describe, expect, it } from 'vitest'
import { planInstruction, type StepBody } from './planner.ts'

/** The plan's steps without their source text. */
function bodies(instruction: string): StepBody[] {
  return planInstruction(instruction).steps.map(({ source: _source, ...body }) => body as StepBody)
}

const click = (text: string): StepBody => ({ kind: 'click', target: { text }, button: 'left', double: false })
const icon: StepBody = { kind: 'click', target: { extensionIcon: true }, button: 'left', double: false }

describe('the seed instruction', () => {
  const seed = "Click the extension icon in the Chrome toolbar, then click 'Open Sidepanel'. The sidepanel should appear on the right side of the browser."

  it('becomes two clicks and an expectation', () => {
    const plan = planInstruction(seed)
    expect(plan.steps.map(({ source: _s, ...b }) => b)).toEqual([icon, click('Open Sidepanel'), { kind: 'expect' }])
    expect(plan.actions).toBe(2)
    expect(plan.unknown).toEqual([])
  })

  it('keeps each clause as written', () => {
    expect(planInstruction(seed).steps.map((s) => s.source)).toEqual([
      'Click the extension icon in the Chrome toolbar',
      "click 'Open Sidepanel'",
      'The sidepanel should appear on the right side of the browser',
    ])
  })
})

describe('click', () => {
  it.each([
    'Click the extension icon',
    'click the toolbar icon',
    "Click the extension's icon",
    'Click the extension’s icon',
    'click on the extension icon in the Chrome toolbar',
    'Tap the extension icon in the browser toolbar',
    "Open the extension's popup",
    'Press the extension icon',
  ])('%s → the extension icon', (instruction) => {
    expect(bodies(instruction)).toEqual([icon])
  })

  it.each([
    ["click 'Open Sidepanel'", 'Open Sidepanel'],
    ['Click "Save"', 'Save'],
    ['tap ‘Next’', 'Next'],
    ["press 'Enter'", 'Enter'],
    ['Select “Dark mode”', 'Dark mode'],
    ["press 'Save'", 'Save'],
    ["open 'Settings'", 'Settings'],
    ["click the 'Docs' link", 'Docs'],
  ])('%s → click %s', (instruction, label) => {
    expect(bodies(instruction)).toEqual([click(label)])
  })

  it('reads double and right clicks', () => {
    expect(bodies("double-click 'report.pdf'")).toEqual([{ ...click('report.pdf'), double: true }])
    expect(bodies("Right click 'Inspect'")).toEqual([{ ...click('Inspect'), button: 'right' }])
  })

  it.each([
    ["right-click 'Save'", { target: { text: 'Save' }, button: 'right', double: false }],
    ['Right-click the ‘Reading list’ heading', { target: { text: 'Reading list' }, button: 'right', double: false }],
    ["double-click the 'Title' heading", { target: { text: 'Title' }, button: 'left', double: true }],
    ["Double click on the 'Notes' row in the side panel", { target: { text: 'Notes', within: 'side panel' }, button: 'left', double: true }],
    ['right-click at (640, 400)', { target: { point: { x: 640, y: 400 } }, button: 'right', double: false }],
    ['click at 100, 200', { target: { point: { x: 100, y: 200 } }, button: 'left', double: false }],
    ['double-click (12,34)', { target: { point: { x: 12, y: 34 } }, button: 'left', double: true }],
    ['click at x=5, y=6', { target: { point: { x: 5, y: 6 } }, button: 'left', double: false }],
  ])('%s', (instruction, body) => {
    expect(bodies(instruction)).toEqual([{ kind: 'click', ...body }])
  })

  it('does not read a point after press or open', () => {
    expect(bodies('open 100, 200')).toEqual([{ kind: 'unknown' }])
  })

  it('splits a point from the next clause', () => {
    expect(bodies("click at (640, 400), then right-click 'Save'")).toEqual([
      { kind: 'click', target: { point: { x: 640, y: 400 } }, button: 'left', double: false },
      { kind: 'click', target: { text: 'Save' }, button: 'right', double: false },
    ])
  })
})

describe('where a label is', () => {
  it.each([
    ["click the 'Open side panel' button on the page", 'page'],
    ["Click 'Open side panel' in the page", 'page'],
    ["click 'Highlight links' at the top of the page", 'page'],
    ["click 'Go' on the web page", 'page'],
    ["click the 'Open side panel' chip in the omnibox", 'toolbar'],
    ["click 'Reading list' in the Chrome toolbar", 'toolbar'],
    ["click 'New tab' in the address bar", 'toolbar'],
    ["Click on the 'Open Sidepanel' button in the popup", 'popup'],
    ["click 'Add one' in the extension's popup", 'popup'],
    ["click 'Save this page' in the side panel", 'side panel'],
    ["click 'Save' inside the sidepanel", 'side panel'],
    ["click 'Save' in the side-panel", 'side panel'],
    ["click 'Save' in the sidebar", 'side panel'],
    ["then click 'Open side panel' in the context menu", 'context menu'],
    ["choose 'Stamp this page' from the context menu", 'context menu'],
    ["click 'Quote' in the menu", 'context menu'],
    ["click the 'Save this link' item in the right-click menu", 'context menu'],
  ])('%s → %s', (instruction, within) => {
    expect(bodies(instruction)).toEqual([{ kind: 'click', target: { text: expect.any(String), within }, button: 'left', double: false }])
  })

  it('looks everywhere when the place is not one it knows', () => {
    expect(bodies("click 'OK' in the dialog")).toEqual([click('OK')])
  })
})

describe('select', () => {
  it('selects quoted text, optionally in a region', () => {
    expect(bodies("select the text 'saved pages'")).toEqual([{ kind: 'select', text: 'saved pages' }])
    expect(bodies("Select the words 'Nothing saved' in the side panel")).toEqual([{ kind: 'select', text: 'Nothing saved', within: 'side panel' }])
    const onSelection: StepBody = { kind: 'click', target: { selection: true }, button: 'right', double: false }
    expect(bodies("highlight the text 'Reading list', then right-click it")).toEqual([{ kind: 'select', text: 'Reading list' }, onSelection])
    expect(bodies("Select the text 'quick fox', then right-click the selection")).toEqual([{ kind: 'select', text: 'quick fox' }, onSelection])
    expect(bodies('right-click the selected text')).toEqual([onSelection])
  })

  it('does not select text in a context menu', () => {
    expect(bodies("select the text 'Quote' in the context menu")).toEqual([{ kind: 'unknown' }])
  })

  it("still reads \"select 'X'\" as choosing an option", () => {
    expect(bodies("select 'Dark mode'")).toEqual([click('Dark mode')])
  })

  it('keeps punctuation inside a quoted label', () => {
    expect(bodies("Click 'Yes, delete it.' then click 'OK'")).toEqual([click('Yes, delete it.'), click('OK')])
  })

  it('does not guess an unquoted label', () => {
    const plan = planInstruction('Click Terms and Conditions')
    expect(plan.steps.map((s) => s.kind)).toEqual(['unknown'])
    expect(plan.unknown).toEqual(['Click Terms and Conditions'])
  })
})

describe('type', () => {
  it('types quoted text, optionally into a field', () => {
    expect(bodies("Type 'hello, world'")).toEqual([{ kind: 'type', text: 'hello, world', field: undefined }])
    expect(bodies("type 'demo' into the 'Username' field")).toEqual([{ kind: 'type', text: 'demo', field: 'Username' }])
    expect(bodies("Enter 'cats' in the search box")).toEqual([{ kind: 'type', text: 'cats', field: 'search' }])
    expect(bodies("fill in the 'Email' field with 'a@b.c'")).toEqual([{ kind: 'type', text: 'a@b.c', field: 'Email' }])
  })
})

describe('press', () => {
  it.each([
    ['press Enter', ['enter'], 1],
    ['Press the Escape key', ['escape'], 1],
    ['press ctrl+shift+t', ['ctrl', 'shift', 't'], 1],
    ['hit Ctrl + S', ['ctrl', 's'], 1],
    ["press the 'Tab' key twice", ['tab'], 2],
    ["press 'ctrl+a'", ['ctrl', 'a'], 1],
    ['press the down arrow key 3 times', undefined, 0],
  ])('%s', (instruction, keys, times) => {
    expect(bodies(instruction)).toEqual(keys ? [{ kind: 'press', keys, times }] : [{ kind: 'unknown' }])
  })
})

describe('scroll and wait', () => {
  it('scrolls down by default, N times when asked', () => {
    expect(bodies('scroll')).toEqual([{ kind: 'scroll', direction: 'down', times: 1 }])
    expect(bodies('Scroll up 3 times')).toEqual([{ kind: 'scroll', direction: 'up', times: 3 }])
    expect(bodies('scroll the page down twice')).toEqual([{ kind: 'scroll', direction: 'down', times: 2 }])
  })

  it('waits seconds or milliseconds', () => {
    expect(bodies('wait 2 seconds')).toEqual([{ kind: 'wait', ms: 2000 }])
    expect(bodies('Wait for 1.5 s')).toEqual([{ kind: 'wait', ms: 1500 }])
    expect(bodies('wait 300ms')).toEqual([{ kind: 'wait', ms: 300 }])
    expect(bodies('wait a moment')).toEqual([{ kind: 'wait', ms: 1000 }])
  })
})

describe('splitting', () => {
  it('splits on then, ", and", commas and semicolons between actions', () => {
    expect(bodies("Click 'A', click 'B' and then click 'C'; press Enter, and wait 1 second").map((s) => s.kind)).toEqual([
      'click',
      'click',
      'click',
      'press',
      'wait',
    ])
  })

  it('always splits on "then", even before a verb it does not know', () => {
    const plan = planInstruction("Click 'Save', then drag the slider to the middle")
    expect(plan.steps.map((s) => s.kind)).toEqual(['click', 'unknown'])
    expect(plan.unknown).toEqual(['drag the slider to the middle'])
  })

  it('splits "then" without a comma', () => {
    expect(bodies("click 'A' then click 'B'")).toEqual([click('A'), click('B')])
  })

  it('does not split inside quotes', () => {
    expect(bodies("Click 'Terms and Conditions'")).toEqual([click('Terms and Conditions')])
  })

  it('understands several sentences and lead-in words', () => {
    expect(bodies("First, click the extension icon. Next click 'Open Sidepanel'. Finally wait 1 second.")).toEqual([
      icon,
      click('Open Sidepanel'),
      { kind: 'wait', ms: 1000 },
    ])
  })
})

describe('expectations and the unknown', () => {
  it('keeps expectations as notes, not errors', () => {
    const plan = planInstruction("Click 'Save'. You should see 'Saved'. Verify that the list is visible.")
    expect(plan.steps.map((s) => s.kind)).toEqual(['click', 'expect', 'expect'])
    expect(plan.unknown).toEqual([])
  })

  it('reports a clause it cannot parse', () => {
    const plan = planInstruction('Dance a jig.')
    expect(plan.actions).toBe(0)
    expect(plan.unknown).toEqual(['Dance a jig'])
  })

  it('finds nothing in an empty instruction', () => {
    expect(planInstruction('  ').steps).toEqual([])
  })
})

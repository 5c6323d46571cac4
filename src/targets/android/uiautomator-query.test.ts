import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseHierarchy, type UiHierarchy } from './uiautomator-parse.ts'
import { closestNodes, describeNode, describeQuery, findNodes } from './uiautomator-query.ts'

let calc: UiHierarchy
beforeAll(async () => {
  calc = parseHierarchy(await readFile(new URL('../../../fixtures/android/dumps/calculator-android-9.xml', import.meta.url), 'utf8'))
})

describe('findNodes', () => {
  it('matches a full resource id, or just its entry name', () => {
    expect(findNodes(calc, { resourceId: 'com.google.android.calculator:id/eq' }).map((n) => n.text)).toEqual(['='])
    expect(findNodes(calc, { resourceId: 'eq' }).map((n) => n.text)).toEqual(['='])
    expect(findNodes(calc, { resourceId: /digit_[0-2]$/ }).map((n) => n.text)).toEqual(['1', '2', '0'])
  })

  it('matches text exactly, by substring or by pattern, and descriptions', () => {
    expect(findNodes(calc, { text: '8' })).toHaveLength(1)
    expect(findNodes(calc, { textContains: '×' }).map((n) => n.text)).toEqual(['12×7', '×'])
    expect(findNodes(calc, { desc: 'plus' })[0]!.text).toBe('+')
    expect(findNodes(calc, { descContains: 'options' })).toHaveLength(1)
  })

  it('matches simple or full class names and requires every field', () => {
    expect(findNodes(calc, { className: 'ImageButton' })).toHaveLength(2)
    expect(findNodes(calc, { className: 'android.widget.ImageButton', naf: true })).toHaveLength(1)
    expect(findNodes(calc, { className: 'Button', text: '7', clickable: false })).toEqual([])
  })

  it('refuses an empty query', () => {
    expect(() => findNodes(calc, {})).toThrow(/at least one field/)
  })
})

describe('messages', () => {
  it('ranks the closest nodes first', () => {
    const near = closestNodes(calc, { resourceId: 'digit_77', text: '7' }, 3)
    expect(near[0]!.resourceId).toBe('com.google.android.calculator:id/digit_7')
  })

  it('describes queries and nodes in one line', () => {
    expect(describeQuery({ resourceId: 'eq', clickable: true, text: /^=$/ })).toBe("resourceId='eq', clickable=true, text=/^=$/")
    const eq = findNodes(calc, { resourceId: 'eq' })[0]!
    expect(describeNode(eq)).toBe('Button "=" desc="equals" id=com.google.android.calculator:id/eq [410,1904][615,2157] clickable focusable')
  })
})

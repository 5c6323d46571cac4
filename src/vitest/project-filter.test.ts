import { describe, expect, it } from 'vitest'
import { firstSelected, projectFilterOf, selectsProject } from './project-filter.ts'

describe('projectFilterOf', () => {
  it("takes the root config's test.project, a string or a list", () => {
    expect(projectFilterOf('cua (firefox)', [])).toEqual(['cua (firefox)'])
    expect(projectFilterOf(['a', 'b'], ['--project', 'ignored'])).toEqual(['a', 'b'])
  })
  it('reads every --project from the command line when the config does not say (a project inside another config)', () => {
    expect(projectFilterOf(undefined, ['node', 'vitest', 'run', '--project', 'cua (firefox)', '--project=unit', 'file.ts'])).toEqual(['cua (firefox)', 'unit'])
    expect(projectFilterOf(undefined, ['node', 'vitest', 'run', '--project'])).toEqual([])
  })
})

describe('selectsProject', () => {
  it('matches the whole name, parentheses and commas as typed, case-insensitively', () => {
    expect(selectsProject(['cua (firefox)'], 'cua (firefox)')).toBe(true)
    expect(selectsProject(['cua (offline, firefox)'], 'cua (offline, firefox)')).toBe(true)
    expect(selectsProject(['CUA (Firefox)'], 'cua (firefox)')).toBe(true)
    expect(selectsProject(['cua (firefox)'], 'cua (chromium)')).toBe(false)
    expect(selectsProject(['cua'], 'cua (firefox)')).toBe(false)
  })
  it('takes * as the only wildcard, and ! as an exclusion', () => {
    expect(selectsProject(['cua*'], 'cua (firefox)')).toBe(true)
    expect(selectsProject(['*firefox*'], 'cua (offline, firefox)')).toBe(true)
    expect(selectsProject(['cua.(firefox)'], 'cua (firefox)')).toBe(false)
    expect(selectsProject(['!cua (chromium)'], 'cua (firefox)')).toBe(true)
    expect(selectsProject(['cua*', '!cua (firefox)'], 'cua (firefox)')).toBe(false)
    expect(selectsProject([], 'anything')).toBe(true)
  })
})

describe('firstSelected', () => {
  const names = ['cua (chromium)', 'cua (firefox)']
  it('is the first variant the filter selects, so a filter naming a later one keeps the matrix alive', () => {
    expect(firstSelected(names, [])).toBe(0)
    expect(firstSelected(names, ['cua (firefox)'])).toBe(1)
    expect(firstSelected(names, ['!cua (chromium)'])).toBe(1)
    expect(firstSelected(names, ['cua*'])).toBe(0)
  })
  it('is the first when the filter selects none of them (another project of the config was asked for)', () => {
    expect(firstSelected(names, ['unit'])).toBe(0)
  })
})

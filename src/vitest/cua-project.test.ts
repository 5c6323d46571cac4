import { configDefaults } from 'vitest/config'
import { describe, expect, it } from 'vitest'
import { addCuaProject, CUA_FILES, placementOf } from './cua-project.ts'

const plugin = { name: 'agentprobe' }

describe('placementOf', () => {
  it('is the computer-use project itself when its include names only computer-use files', () => {
    expect(placementOf({ include: ['examples/**/*.cua.test.ts', 'test/*.cua.test.ts'] })).toBe('own')
  })
  it("goes beside the user's tests otherwise", () => {
    expect(placementOf({})).toBe('beside')
    expect(placementOf({ include: ['tests/unit/**/*.test.ts', 'tests/*.cua.test.ts'] })).toBe('beside')
    expect(placementOf({ include: [] })).toBe('beside')
  })
  it("leaves alone a user's project that already excludes computer-use files", () => {
    expect(placementOf({ include: ['**/*.cua.test.ts'], exclude: [CUA_FILES] })).toBe('theirs')
  })
})

describe('addCuaProject', () => {
  it("splits a plain config into the user's tests, unchanged but for computer-use files, and a cua project that inherits nothing", () => {
    const config = { test: { environment: 'jsdom', setupFiles: ['tests/setup.ts'], include: ['tests/unit/**/*.test.ts'], testTimeout: 10_000 } }
    addCuaProject(config, plugin, 'my-extension')
    expect(config.test).toMatchObject({ environment: 'jsdom', setupFiles: ['tests/setup.ts'], testTimeout: 10_000 })
    const [theirs, cua] = (config.test as unknown as { projects: unknown[] }).projects
    expect(theirs).toEqual({ extends: true, test: { name: 'my-extension', exclude: [...configDefaults.exclude, CUA_FILES] } })
    expect(cua).toEqual({ extends: false, plugins: [plugin], test: { name: 'cua', include: [CUA_FILES], environment: 'node', globals: false } })
  })

  it("keeps the user's project name and exclude", () => {
    const config = { root: 'pkg', test: { name: 'unit', exclude: ['legacy/**'] } }
    addCuaProject(config, plugin, 'fallback')
    const [theirs, cua] = (config.test as unknown as { projects: { test: object; root?: string }[] }).projects
    expect(theirs!.test).toEqual({ name: 'unit', exclude: ['legacy/**', CUA_FILES] })
    expect(cua!.root).toBe('pkg')
  })

  it('appends to existing projects, keeping computer-use files out of inline ones that run other tests', () => {
    const own = { test: { name: 'e2e-cua', include: ['e2e/*.cua.test.ts'] } }
    const config = { test: { projects: ['packages/*', { test: { name: 'unit', environment: 'happy-dom' } }, own] } }
    addCuaProject(config, plugin, 'x')
    const projects = config.test.projects as unknown[]
    expect(projects).toHaveLength(4)
    expect(projects[0]).toBe('packages/*')
    expect(projects[1]).toEqual({ test: { name: 'unit', environment: 'happy-dom', exclude: [...configDefaults.exclude, CUA_FILES] } })
    expect(projects[2]).toBe(own)
    expect(projects[3]).toMatchObject({ extends: false, test: { name: 'cua' } })
  })
})

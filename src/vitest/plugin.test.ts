import { describe, expect, it } from 'vitest'
import type { Plugin, ViteUserConfig as UserConfig } from 'vitest/config'
import { agentprobe } from './plugin.ts'

it('refuses browser and browsers together, naming both fields', () => {
  expect(() => agentprobe({ browser: 'firefox', browsers: ['chromium', 'firefox'] })).toThrow(/plugin options browser \("firefox"\) and browsers \(\["chromium","firefox"\]\) were both given/)
})

it('checks each browser of browsers, and that there is one', () => {
  expect(() => agentprobe({ browsers: ['chromium', 'safari' as never] })).toThrow(/the plugin option browsers\[1\] must be one of chromium, firefox, got "safari"/)
  expect(() => agentprobe({ browsers: [] })).toThrow(/browsers must name one browser or more/)
  expect(agentprobe({ browsers: ['firefox'] }).name).toBe('agentprobe')
})

it('checks each factor of deviceScaleFactors, naming the one it refuses', () => {
  expect(() => agentprobe({ deviceScaleFactors: [2, 3] })).toThrow(/the plugin option deviceScaleFactors\[1\] must be one of 1, 1\.25, 1\.5, 2 \(device pixels per CSS pixel\), got 3/)
  expect(() => agentprobe({ deviceScaleFactors: 2 as never })).toThrow(/deviceScaleFactors must be a list such as \[1, 2\], got 2/)
  expect(agentprobe({ deviceScaleFactors: [1, 2] }).name).toBe('agentprobe')
})

it('checks each zoom of zooms, naming the one it refuses', () => {
  expect(() => agentprobe({ zooms: [1.5, 3] })).toThrow(/the plugin option zooms\[1\] must be one of 0\.8, 0\.9, 1, 1\.1, 1\.25, 1\.5, 1\.75, 2 \(the default page zoom, 1\.5 for 150%\), got 3/)
  expect(() => agentprobe({ zooms: 1.5 as never })).toThrow(/zooms must be a list such as \[1, 2\], got 1\.5/)
  expect(agentprobe({ zooms: [1, 1.5] }).name).toBe('agentprobe')
})

describe("--project naming one browser's project of a matrix", () => {
  type Hook = (config: UserConfig) => { test?: { name?: string } } | undefined
  const configHook = (plugin: Plugin) => plugin.config as unknown as Hook
  /** The name the plugin gives the cua project it adds beside a user's tests, when Vitest's root config hook saw `project`. */
  function cuaProjectName(project: string[] | undefined): string | undefined {
    const root: UserConfig = { test: { environment: 'jsdom', ...(project && { project }) } as UserConfig['test'] }
    configHook(agentprobe({ extension: './dist', browsers: ['chromium', 'firefox'] }))(root)
    const cua = (root.test!.projects as { plugins: Plugin[]; test: UserConfig['test'] }[]).at(-1)!
    return configHook(cua.plugins[0]!)({ test: cua.test })?.test?.name
  }

  it('makes the configured project the one the filter names, so Vitest keeps it and the other browser is injected beside it', () => {
    expect(cuaProjectName(undefined)).toBe('cua (chromium)')
    expect(cuaProjectName(['cua (firefox)'])).toBe('cua (firefox)')
    expect(cuaProjectName(['!cua (chromium)'])).toBe('cua (firefox)')
    expect(cuaProjectName(['cua*'])).toBe('cua (chromium)')
  })
})

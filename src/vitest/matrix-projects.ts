// `agentprobe({ models, browsers, locales, colorSchemes, deviceScaleFactors, zooms })`: the same suite once per
// combination, one Vitest project each, named `<project> (<model>, <browser>, <locale>, <scheme>, <scale>x, <zoom>%)` so results, filters
// (--project 'examples*') and the leaderboard name what ran. The first combination is the
// configured project itself; the others are injected beside it.
import type { Plugin, TestProjectInlineConfiguration, UserWorkspaceConfig } from 'vitest/config'
import type { BrowserName, ColorScheme } from '../targets/browser.ts'
import { zoomLabel } from '../core/variant.ts'

/** One combination of the matrix; an empty one when the plugin names no matrix. */
export interface Variant {
  model?: string
  browser?: BrowserName
  locale?: string
  colorScheme?: ColorScheme
  deviceScaleFactor?: number
  zoom?: number
}

/** The plugin's matrix options. */
export interface Matrix {
  /** Runs the suite once per model, one project each (`<project> (<model>)`), for the leaderboard. */
  models?: string[]
  /** Runs the suite once per browser, one project each (`<project> (firefox)`); not with `browser`. */
  browsers?: BrowserName[]
  /** Runs the suite once per browser UI language, one project each (`<project> (ar)`): see `locale`. */
  locales?: string[]
  /** Runs the suite once per colour scheme, one project each (`<project> (dark)`): see `colorScheme`. */
  colorSchemes?: ColorScheme[]
  /** Runs the suite once per device scale factor, one project each (`<project> (2x)`): see `deviceScaleFactor`. */
  deviceScaleFactors?: number[]
  /** Runs the suite once per default page zoom, one project each (`<project> (150%)`): see `zoom`. */
  zooms?: number[]
}

/** Every combination, models outermost, then browsers; [{}] when there is no matrix. */
export function variantsOf({ models = [], browsers = [], locales = [], colorSchemes = [], deviceScaleFactors = [], zooms = [] }: Matrix): Variant[] {
  const axis = <T>(values: T[]) => (values.length ? values : [undefined])
  return axis(models).flatMap((model) =>
    axis(browsers).flatMap((browser) =>
      axis(locales).flatMap((locale) =>
        axis(colorSchemes).flatMap((colorScheme) =>
          axis(deviceScaleFactors).flatMap((deviceScaleFactor) =>
            axis(zooms).map((zoom) => ({
              ...(model && { model }),
              ...(browser && { browser }),
              ...(locale && { locale }),
              ...(colorScheme && { colorScheme }),
              ...(deviceScaleFactor !== undefined && { deviceScaleFactor }),
              ...(zoom !== undefined && { zoom }),
            })),
          ),
        ),
      ),
    ),
  )
}

/** 'openai/gpt-5.4', 'firefox', 'ar, dark', 'dark, 2x', '150%', …; '' for the empty variant. */
export function variantLabel({ model, browser, locale, colorScheme, deviceScaleFactor, zoom }: Variant): string {
  return [model, browser, locale, colorScheme, deviceScaleFactor === undefined ? undefined : `${deviceScaleFactor}x`, zoom === undefined ? undefined : zoomLabel(zoom)].filter(Boolean).join(', ')
}

export function variantProjectName(project: string | undefined, variant: Variant): string | undefined {
  const label = variantLabel(variant)
  if (!label) return project
  return project ? `${project} (${label})` : label
}

/** Another variant's project: the user's own project config (its `test` options and plugins) with a plugin for that variant. */
export function projectForVariant(userConfig: UserWorkspaceConfig, variant: Variant, plugin: Plugin): TestProjectInlineConfiguration {
  // The config hook sees Vite's and Vitest's own plugins too; the new project gets those anew.
  const others = ([userConfig.plugins ?? []] as unknown[])
    .flat(Infinity)
    .filter((p): p is Plugin => typeof p === 'object' && p !== null && 'name' in p && typeof p.name === 'string' && !/^(vite|vitest)(:|$)|^agentprobe$/.test(p.name))
  // The rest of the user's config is spelled out, not inherited: an inline project inherits its
  // config file by default (Vitest 5), whose agentprobe() would then take the variant for its own
  // project and name it again ('cua (he) (fr)').
  const { plugins: _plugins, test, ...vite } = userConfig
  return {
    ...vite,
    extends: false,
    plugins: [...others, plugin],
    test: { ...test, name: variantProjectName(test?.name as string | undefined, variant) },
  } as TestProjectInlineConfiguration
}

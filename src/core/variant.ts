// Which cell of a matrix a run was: its browser, language, theme, scale and page zoom, as the trace's
// versions record them. A report names only what differs between its runs: "ar · dark" beside "de · dark".
import type { Trace } from './trace.ts'

export interface Variant {
  browser: string
  locale: string
  colorScheme: string
  /** '2x', '1.5x'; '1x' when the run set none. */
  deviceScaleFactor: string
  /** '150%'; '100%' when the run set none. */
  zoom: string
}

const DIMENSIONS = ['browser', 'locale', 'colorScheme', 'deviceScaleFactor', 'zoom'] as const

/** '150%' for a zoom of 1.5: how Chrome's settings name it. */
export function zoomLabel(zoom: number): string {
  return `${Math.round(zoom * 100)}%`
}

/** The run's variant; a launch that set no language or theme ran in the browser's defaults. */
export function variantOf(trace: Pick<Trace, 'versions' | 'target'>): Variant {
  const v = trace.versions
  return {
    browser: trace.target.kind === 'android' ? 'android' : browserName(v.browser),
    locale: v.locale ?? 'default language',
    colorScheme: v.colorScheme ?? 'light',
    deviceScaleFactor: v.deviceScaleFactor ?? '1x',
    zoom: v.zoom ?? '100%',
  }
}

/** 'chromium' from a version string like 'Chromium 156.0…' or 'HeadlessChrome/…'; the first word otherwise. */
export function browserName(version: string | undefined): string {
  if (version === undefined || /chrom/i.test(version)) return 'chromium'
  return /firefox/i.test(version) ? 'firefox' : (version.split(/[\s/]/)[0] ?? version).toLowerCase()
}

/** For each trace, a label of the dimensions that differ across all of them ('' when none does). */
export function variantLabels(traces: readonly Pick<Trace, 'versions' | 'target'>[]): string[] {
  const variants = traces.map(variantOf)
  const varying = DIMENSIONS.filter((d) => new Set(variants.map((v) => v[d])).size > 1)
  return variants.map((v) => varying.map((d) => v[d]).join(' · '))
}

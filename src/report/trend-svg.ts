// A day-by-day trend as inline SVG (the page has no chart library and no network): bars or lines
// over the days, 0 and the top value on the axis, the first and last day under it, and a title on
// every point with its value. A series may skip days (a model not run that day): its line breaks.
import { escapeXml as h } from './escape.ts'

export interface TrendSeries {
  name: string
  /** One value per day, undefined where the series has none. */
  values: readonly (number | undefined)[]
  colour: string
}

export interface Trend {
  label: string
  days: readonly string[]
  series: readonly TrendSeries[]
  /** Bars side by side per day instead of lines. */
  bars?: boolean
  /** The axis' top (default: the largest value). */
  max?: number
  format(value: number): string
}

const W = 640
const H = 180
const LEFT = 58
const RIGHT = 10
const TOP = 10
const BOTTOM = 22

export function trendSvg(t: Trend): string {
  const top = t.max ?? Math.max(0, ...t.series.flatMap((s) => s.values.filter((v) => v !== undefined)))
  const slot = (W - LEFT - RIGHT) / Math.max(1, t.days.length)
  const x = (i: number) => LEFT + slot * (i + 0.5)
  const y = (v: number) => TOP + (H - TOP - BOTTOM) * (1 - (top > 0 ? v / top : 0))
  const title = (s: TrendSeries, i: number, v: number) => `<title>${h(`${t.days[i]} · ${s.name}: ${t.format(v)}`)}</title>`
  const marks = t.series.map((s, k) => {
    const points = s.values.flatMap((v, i) => (v === undefined ? [] : [{ i, v }]))
    if (t.bars) {
      const width = Math.max(1, (slot * 0.8) / t.series.length)
      return points.map(({ i, v }) => `<rect x="${r(x(i) - slot * 0.4 + k * width)}" y="${r(y(v))}" width="${r(width)}" height="${r(y(0) - y(v))}" fill="${s.colour}">${title(s, i, v)}</rect>`).join('')
    }
    // A gap of a day or more starts a new segment, so a skipped day is not drawn as a trend.
    const d = points.map(({ i, v }, n) => `${n > 0 && points[n - 1]!.i === i - 1 ? 'L' : 'M'}${r(x(i))} ${r(y(v))}`).join(' ')
    const dots = points.map(({ i, v }) => `<circle cx="${r(x(i))}" cy="${r(y(v))}" r="3" fill="${s.colour}">${title(s, i, v)}</circle>`).join('')
    return `<path d="${d}" fill="none" stroke="${s.colour}" stroke-width="2"/>${dots}`
  })
  const axis =
    `<line class="axis" x1="${LEFT}" y1="${r(y(0))}" x2="${W - RIGHT}" y2="${r(y(0))}"/><line class="axis" x1="${LEFT}" y1="${r(y(top))}" x2="${W - RIGHT}" y2="${r(y(top))}"/>` +
    `<text x="${LEFT - 6}" y="${r(y(0)) + 4}" text-anchor="end">${h(t.format(0))}</text><text x="${LEFT - 6}" y="${r(y(top)) + 4}" text-anchor="end">${h(t.format(top))}</text>` +
    `<text x="${LEFT}" y="${H - 4}">${h(t.days[0] ?? '')}</text>${t.days.length > 1 ? `<text x="${W - RIGHT}" y="${H - 4}" text-anchor="end">${h(t.days.at(-1)!)}</text>` : ''}`
  const legend = t.series.length > 1 ? `<p class="legend">${t.series.map((s) => `<span><i style="background:${s.colour}"></i>${h(s.name)}</span>`).join(' ')}</p>` : ''
  return `<figure class="trend"><figcaption>${h(t.label)}</figcaption><svg class="trend" viewBox="0 0 ${W} ${H}" role="img" aria-label="${h(t.label)}">${axis}${marks.join('')}</svg>${legend}</figure>`
}

const r = (n: number) => Math.round(n * 10) / 10

// Numbers as the report and the Markdown summary show them, one way everywhere.
export const fmt = {
  percent: (n: number) => `${Math.round(n * 100)}%`,
  score: (n: number) => n.toFixed(2),
  usd: (n: number) => `$${n.toFixed(n > 0 && n < 0.01 ? 4 : 2)}`,
  int: (n: number) => Math.round(n).toLocaleString('en-US'),
  ms: (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(0)} s` : n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`),
}

/** `no_progress ×2, false_success`, most frequent first. */
export function failureCountsText(counts: Partial<Record<string, number>>): string {
  return Object.entries(counts)
    .sort(([, a], [, b]) => (b ?? 0) - (a ?? 0))
    .map(([type, n]) => (n && n > 1 ? `${type} ×${n}` : type))
    .join(', ')
}

// A GitHub-flavoured Markdown table whose cells cannot break out of their row.
export function table(head: string[], rows: string[][]): string {
  const cell = (c: string) => c.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\s*\n\s*/g, ' ')
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n')
}

// Text into markup: the five characters that could end an attribute or open a tag.
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** An HTML table of text cells, every cell escaped; `rowAttributes` adds attributes to a row's <tr>. */
export function htmlTable(head: readonly string[], rows: readonly (readonly string[])[], rowAttributes: (row: readonly string[]) => string = () => ''): string {
  const tr = (row: readonly string[]) => `<tr${rowAttributes(row)}>${row.map((c) => `<td>${escapeXml(c)}</td>`).join('')}</tr>`
  return `<table><thead><tr>${head.map((c) => `<th>${escapeXml(c)}</th>`).join('')}</tr></thead>
<tbody>${rows.map(tr).join('')}</tbody></table>`
}

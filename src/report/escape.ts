// Text into markup: the five characters that could end an attribute or open a tag.
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

// What a test says about a browser target, and the one pure rule that decides whether a target
// fits: `waitForTarget`, `evaluate` and the `toHaveTarget` matcher all go through it.

/** A CDP target as the browser lists it (page, service_worker, browser_ui, …). */
export interface TargetInfo {
  id: string
  type: string
  url: string
  title: string
}

/** Every given field must match: `type` exactly, a string `url`/`title` as a substring, a RegExp as a search. */
export interface TargetFilter {
  type?: string
  url?: string | RegExp
  title?: string | RegExp
}

/** True when `target` satisfies every field of `filter` (an empty filter matches all). */
export function matchTarget(target: TargetInfo, filter: TargetFilter): boolean {
  if (filter.type !== undefined && target.type !== filter.type) return false
  return matchText(target.url, filter.url) && matchText(target.title, filter.title)
}

// String.prototype.search ignores a RegExp's `g` flag and lastIndex, so reuse never flips the answer.
function matchText(value: string, pattern: string | RegExp | undefined): boolean {
  if (pattern === undefined) return true
  return typeof pattern === 'string' ? value.includes(pattern) : value.search(pattern) !== -1
}

/** `{ type: 'page', url: /sidepanel\.html$/ }`, for messages. */
export function describeFilter(filter: TargetFilter): string {
  const fields = (['type', 'url', 'title'] as const).flatMap((key) => {
    const value = filter[key]
    if (value === undefined) return []
    return [`${key}: ${typeof value === 'string' ? `'${value}'` : String(value)}`]
  })
  return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`
}

/** `page chrome-extension://…/popup.html "Popup"`, one line per target in messages. */
export function describeTarget(target: TargetInfo): string {
  return target.title && !target.title.includes(target.url)
    ? `${target.type} ${target.url} "${target.title}"`
    : `${target.type} ${target.url}`
}

/** An indented list of targets for an error message, '  (none)' when empty. */
export function describeTargets(targets: readonly TargetInfo[]): string {
  return targets.map((t) => `  ${describeTarget(t)}`).join('\n') || '  (none)'
}

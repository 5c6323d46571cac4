// Which project of a matrix the configured one becomes. Vitest applies `--project` to the projects
// its config declares, before any plugin's configureVitest runs; a matrix's other projects
// ('cua (firefox)') are injected from the first one's configureVitest, so a filter naming only one
// of them dropped the first, nothing was injected, and Vitest found no project. The configured
// project therefore becomes the first variant the filter selects, and the others are injected
// beside it (Vitest drops the injected ones the filter does not select).

/** Vitest's `--project` values as the root config hook sees them (`test.project`); else read from the command line. */
export function projectFilterOf(fromConfig: string | string[] | undefined, argv: readonly string[]): string[] {
  if (fromConfig !== undefined) return [fromConfig].flat()
  const filter: string[] = []
  argv.forEach((arg, i) => {
    if (arg === '--project' && argv[i + 1] !== undefined) filter.push(argv[i + 1]!)
    else if (arg.startsWith('--project=')) filter.push(arg.slice('--project='.length))
  })
  return filter
}

// As Vitest matches a name: `*` is the only wildcard, case-insensitive, the whole name.
const pattern = (glob: string) => new RegExp(`^${glob.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i')

/** Whether Vitest's `--project` filter selects a project named `name` (an empty filter selects all; `!name` excludes). */
export function selectsProject(filter: readonly string[], name: string): boolean {
  if (filter.some((p) => p.startsWith('!') && pattern(p.slice(1)).test(name))) return false
  const positives = filter.filter((p) => !p.startsWith('!'))
  return positives.length === 0 || positives.some((p) => pattern(p).test(name))
}

/** The index of the first of `names` the filter selects; 0 when it selects none (the configured project is then dropped by Vitest as before). */
export function firstSelected(names: readonly string[], filter: readonly string[]): number {
  const at = names.findIndex((name) => selectsProject(filter, name))
  return at === -1 ? 0 : at
}

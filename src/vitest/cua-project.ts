// Where the plugin's tests run. Added to a config whose own tests are unit tests (jsdom, a mocked
// `chrome`, narrow includes, short timeouts), it leaves those tests exactly as they were and adds a
// project of its own, `cua`, that runs every *.cua.test.* in Node with none of the user's settings.
// A config (or inline project) whose `include` names only computer-use files is itself that project.
import type { Plugin, ViteUserConfig as UserConfig } from 'vitest/config'
import { configDefaults } from 'vitest/config'

/** What a computer-use test file is called. */
export const CUA_FILES = '**/*.cua.test.?(c|m)[jt]s?(x)'
export const CUA_PROJECT = 'cua'

type TestOptions = NonNullable<UserConfig['test']>
type ProjectEntry = NonNullable<TestOptions['projects']>[number]

/**
 * `own`: this config is the computer-use project, the plugin sets it up. `beside`: the plugin added
 * a `cua` project next to the user's tests and this config is now only their container. `theirs`:
 * a project of the user's that inherited the plugin (its exclude names our files): nothing to do.
 */
export type Placement = 'own' | 'beside' | 'theirs'

export function placementOf(test: TestOptions): Placement {
  if (test.exclude?.includes(CUA_FILES)) return 'theirs'
  const include = test.include
  return include?.length && include.every((pattern: string) => pattern.includes('.cua.')) ? 'own' : 'beside'
}

/**
 * Turns a user's config into a container of two kinds of project: theirs, as they were but for
 * not running computer-use files, and `cua`, which carries `plugin` and inherits nothing.
 * Mutates `config`: Vite concatenates arrays a config hook returns, which would keep the defaults
 * of `exclude` out and add projects twice.
 */
export function addCuaProject(config: UserConfig, plugin: Plugin, fallbackName: string): void {
  const test = (config.test ??= {})
  const cua = {
    extends: false,
    plugins: [plugin],
    ...(config.root !== undefined && { root: config.root }),
    test: { name: CUA_PROJECT, include: [CUA_FILES], environment: 'node', globals: false },
  } as ProjectEntry
  if (test.projects) {
    test.projects = [...test.projects.map(withoutCuaFiles), cua]
    return
  }
  const theirs = { extends: true, test: { name: test.name ?? fallbackName, exclude: excludingCua(test.exclude) } } as ProjectEntry
  test.projects = [theirs, cua]
}

/**
 * An inline project of the user's no longer runs computer-use files, unless it runs nothing else (a
 * computer-use project they set up themselves); a path or glob entry is left alone.
 */
function withoutCuaFiles(entry: ProjectEntry): ProjectEntry {
  if (typeof entry !== 'object' || entry === null || entry instanceof Promise || typeof entry === 'function') return entry
  const project = entry as { test?: TestOptions }
  if (placementOf(project.test ?? {}) === 'own') return entry
  return { ...project, test: { ...project.test, exclude: excludingCua(project.test?.exclude) } } as ProjectEntry
}

const excludingCua = (exclude: string[] | undefined) => [...(exclude ?? configDefaults.exclude), CUA_FILES]

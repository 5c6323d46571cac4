// The files `agentprobe init` writes beside its tests (init-tests.ts): the Vitest config, named for
// the package's module type, a case file and the browser workflow template.
import { slug } from '../session/artifact-paths.ts'
import { pluginCall } from './config-edit.ts'
import type { BrowserName } from '../targets/browser.ts'
import type { BuildStep } from './extension-build.ts'
import type { ExtensionFacts } from './extension-facts.ts'
import { localeComment, type LocaleChoice } from './locale-matrix.ts'

/** The folder as a path in a config or a command: './dist', or '.' for the repo root. */
export const dirArg = (dir: string) => (dir === '.' ? '.' : `./${dir}`)

/**
 * `vitest.config.ts` in a package with "type": "module"; `.mts` otherwise, since Vite loads a `.ts`
 * config there as CommonJS and warns on every run that it holds ESM syntax.
 */
export const configName = (packageType: unknown) => (packageType === 'module' ? 'vitest.config.ts' : 'vitest.config.mts')

/** The separate config init writes beside one it cannot edit, named the same way. */
export const cuaConfigName = (packageType: unknown) => configName(packageType).replace('vitest.config', 'vitest.cua.config')

/** The comment over the plugin saying which command makes the extension's folder. */
export const buildComment = (dir: string, build: BuildStep) => `${dirArg(dir)} is built by \`${build.command}\` (${build.tool}): run it after a change`

/** What the config's plugin call says beside the folder: how it is built, which browsers and languages it runs in. */
export interface PluginSetup {
  dir: string
  build?: BuildStep | undefined
  /** Every browser the manifest ships for (chromium first), when that is more than Chromium. */
  browsers?: readonly BrowserName[] | undefined
  locales?: LocaleChoice | undefined
}

/**
 * What the plugin's projects are one per ('browser', 'language'): with any, they are named like
 * 'cua (firefox)' or 'cua (de)' and no project is named 'cua'.
 */
export const matrixAxes = ({ browsers, locales }: PluginSetup): string[] => [...((browsers?.length ?? 0) > 1 ? ['browser'] : []), ...((locales?.run.length ?? 0) > 0 ? ['language'] : [])]

/** One of those projects by its full name, as `--project` takes it alone: 'cua (firefox)', 'cua (firefox, de)'. */
export const oneMatrixProject = ({ browsers, locales }: PluginSetup): string => {
  const label = [(browsers?.length ?? 0) > 1 ? browsers!.at(-1) : undefined, locales?.run[0]].filter(Boolean).join(', ')
  return `cua (${label})`
}

/** The comment lines over the plugin call: the build that makes the folder, what `locales` leaves out. */
export const pluginComments = ({ dir, build, locales }: PluginSetup): string[] => [...(build ? [buildComment(dir, build)] : []), ...(locales ? localeComment(locales) : [])]

/** The plugin's options as init writes them. */
export const pluginOptions = ({ dir, browsers, locales }: PluginSetup) => ({
  extension: dirArg(dir),
  ...(browsers && browsers.length > 1 && { browsers }),
  ...(locales?.run.length && { locales: locales.run }),
})

/**
 * A config with the plugin and only the extension's folder, so a stale build is still found: the
 * comment names the build that makes the folder, for whoever wonders why a change is not seen.
 */
export function configFile(setup: PluginSetup): string {
  return [
    "import { defineConfig } from 'vitest/config'",
    "import { agentprobe } from 'agentprobe/plugin'",
    '',
    ...pluginComments(setup).map((line) => `// ${line}`),
    'export default defineConfig({',
    `  plugins: [${pluginCall(pluginOptions(setup))}],`,
    '})',
    '',
  ].join('\n')
}

/** A YAML string: JSON's double-quoted form is valid YAML. */
const y = (text: string) => JSON.stringify(text)

export function caseFile(ext: ExtensionFacts): string {
  const quoted = ext.popup?.text ? ` and showing '${ext.popup.text}'` : ''
  const unjudged = quoted ? '' : "# No popup text to quote: the offline model cannot judge this prompt; a real model (--model) can.\n"
  return `# A case for \`agentprobe run\` (the seed's format), written by \`agentprobe init\`.
# The offline model judges only quoted text in verification.prompt; a real model judges the rest.
${unjudged}name: ${slug(ext.name)}-popup
instruction: ${y('Click the extension icon in the Chrome toolbar.')}
successCriteria: ${y(`The ${ext.name} ${ext.popup ? 'popup' : 'extension'} is open`)}
failureCriteria: ${y('Nothing opens, or an error is shown')}
maxSteps: 10
verification:
  prompt: ${y(`Is the ${ext.name} ${ext.popup ? 'popup' : 'extension UI'} open${quoted} (not an error page)?`)}
`
}

/** The browser workflow template with this repo's extension folder and case file in the seed's command. */
export function workflowFile(template: string, ext: ExtensionFacts, casePath: string): string {
  return template.replaceAll('./dist', dirArg(ext.dir)).replaceAll('cases/sidepanel.yaml', casePath)
}

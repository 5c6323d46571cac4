// The files `agentprobe init` writes, built from the extension's own manifest and popup: a
// config, an example *.cua.test.ts, a case file and the browser workflow template.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { slug } from '../session/artifact-paths.ts'

export interface ExtensionFacts {
  /** The folder as the user's repo names it, e.g. 'dist'. */
  dir: string
  name: string
  popup?: string
  sidePanel?: string
  serviceWorker?: boolean
  /** A button label in the popup, for a quoted-text check the offline model can judge. */
  popupButton?: string
}

interface Manifest {
  name?: unknown
  action?: { default_popup?: unknown }
  side_panel?: { default_path?: unknown }
  background?: { service_worker?: unknown }
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)

export async function readExtensionFacts(root: string, dir: string, fallbackName: string): Promise<ExtensionFacts> {
  const manifest = JSON.parse(await readFile(join(root, dir, 'manifest.json'), 'utf8')) as Manifest
  const rawName = str(manifest.name)
  const popup = str(manifest.action?.default_popup)
  const html = popup ? await readFile(join(root, dir, popup), 'utf8').catch(() => '') : ''
  const popupButton = /<button\b[^>]*>\s*([^<]{1,40}?)\s*<\/button>/i.exec(html)?.[1]
  return {
    dir,
    // Localised names (__MSG_appName__) mean nothing on screen: use the package's name then.
    name: rawName && !rawName.startsWith('__MSG_') ? rawName : fallbackName,
    ...(popup && { popup }),
    ...(str(manifest.side_panel?.default_path) && { sidePanel: str(manifest.side_panel?.default_path) }),
    ...(str(manifest.background?.service_worker) && { serviceWorker: true }),
    ...(popupButton && { popupButton }),
  }
}

/** The folder as a path in a config or a command: './dist', or '.' for the repo root. */
export const dirArg = (dir: string) => (dir === '.' ? '.' : `./${dir}`)

export function configFile(ext: ExtensionFacts): string {
  return [
    "import { defineConfig } from 'vitest/config'",
    "import { agentprobe } from 'agentprobe/plugin'",
    '',
    'export default defineConfig({',
    `  plugins: [agentprobe({ extension: '${dirArg(ext.dir)}' })],`,
    '})',
    '',
  ].join('\n')
}

/** A TypeScript string literal in the repo's usual single quotes. */
const q = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
/** A YAML string: JSON's double-quoted form is valid YAML. */
const y = (text: string) => JSON.stringify(text)
const fileRegex = (path: string) => `/${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$/`

export function testFile(ext: ExtensionFacts): string {
  const tests: string[] = []
  if (ext.popup) {
    const check = ext.popupButton ? `\n  await expect(screen).toShowText(${q(ext.popupButton)})` : ''
    tests.push(`test(${q(`${ext.name}: the toolbar icon opens the popup`)}, async ({ agent, screen, chrome }) => {
  await agent.do('Click the extension icon in the Chrome toolbar.', { maxSteps: 5 })
  await expect(chrome).toHaveTarget({ type: 'page', url: ${fileRegex(ext.popup)} })${check}
})`)
  }
  if (ext.sidePanel) {
    tests.push(`test(${q(`${ext.name}: the side panel page loads`)}, async ({ chrome }) => {
  await chrome.openExtensionPage(${q(ext.sidePanel)})
  await expect(chrome).toHaveTarget({ type: 'page', url: ${fileRegex(ext.sidePanel)} })
})`)
  }
  if (ext.serviceWorker) {
    tests.push(`test(${q(`${ext.name}: the service worker runs`)}, async ({ chrome }) => {
  expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.runtime.id')).toBe(chrome.extensionId)
})`)
  }
  if (tests.length === 0) {
    tests.push(`test(${q(`${ext.name} loads`)}, async ({ chrome }) => {
  expect(chrome.extensionId).toMatch(/^[a-p]{32}$/)
})`)
  }
  return `// Computer-use tests for ${ext.name}, written by \`agentprobe init\` from its manifest: edit freely.
// \`npx vitest run\` runs them; without AGENTPROBE_MODEL the keyless offline model acts (see the README).
import { expect, test } from 'agentprobe/vitest'

${tests.join('\n\n')}
`
}

export function caseFile(ext: ExtensionFacts): string {
  const quoted = ext.popupButton ? ` and showing '${ext.popupButton.replace(/'/g, '’')}'` : ''
  return `# A case for \`agentprobe run\` (the seed's format), written by \`agentprobe init\`.
# The offline model judges only quoted text in verification.prompt; a real model judges the rest.
name: ${slug(ext.name)}-popup
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

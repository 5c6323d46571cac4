// The Vitest projects of the bench's browser runs: the browser (Chromium or Firefox) is launched in
// a language and a theme, so the runs of cases that ask for the same browser, language and theme
// share a project, and each such project launches its browsers with them.
import type { BenchCase } from '../bench/bench-case.ts'
import type { BrowserName } from '../targets/browser.ts'
import type { GeneratedProject } from '../vitest/generated-run.ts'

export interface ProjectRun {
  benchCase: BenchCase
  /** The generated file's name. */
  file: string
  /** The browser it runs in (Chromium when absent). */
  browser?: BrowserName
}

/** One project per browser, locale and colour scheme the browser runs ask for ('bench', 'bench-ar', 'bench-firefox-en-dark'), in the order first asked. */
export function browserProjects(runs: readonly ProjectRun[], plugin: GeneratedProject['plugin']): GeneratedProject[] {
  const projects = new Map<string, GeneratedProject>()
  for (const { benchCase: c, file, browser } of runs) {
    if (c.target === 'android') continue
    const other = browser === 'chromium' ? undefined : browser
    const name = ['bench', ...[other, c.locale, c.colorScheme].filter((v) => v !== undefined)].join('-')
    const options = { ...(other && { browser: other }), ...(c.locale && { locale: c.locale }), ...(c.colorScheme && { colorScheme: c.colorScheme }) }
    const project = projects.get(name) ?? { name, plugin: { ...plugin, ...options }, files: [] }
    project.files.push(file)
    projects.set(name, project)
  }
  return [...projects.values()]
}

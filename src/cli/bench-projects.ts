// The Vitest projects of the bench's browser runs: the browser is launched in a language and a
// theme, so the runs of cases that ask for the same ones share a project, and each such project
// launches its browsers with them.
import type { BenchCase } from '../bench/bench-case.ts'
import type { GeneratedProject } from '../vitest/generated-run.ts'

export interface ProjectRun {
  benchCase: BenchCase
  /** The generated file's name. */
  file: string
}

/** One project per locale and colour scheme the browser cases ask for ('bench', 'bench-ar', 'bench-en-dark'), in the order first asked. */
export function browserProjects(runs: readonly ProjectRun[], plugin: GeneratedProject['plugin']): GeneratedProject[] {
  const projects = new Map<string, GeneratedProject>()
  for (const { benchCase: c, file } of runs) {
    if (c.target === 'android') continue
    const name = ['bench', ...[c.locale, c.colorScheme].filter((v) => v !== undefined)].join('-')
    const project = projects.get(name) ?? { name, plugin: { ...plugin, ...(c.locale && { locale: c.locale }), ...(c.colorScheme && { colorScheme: c.colorScheme }) }, files: [] }
    project.files.push(file)
    projects.set(name, project)
  }
  return [...projects.values()]
}

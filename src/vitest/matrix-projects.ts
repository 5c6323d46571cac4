// `agentprobe({ models: [...] })`: the same suite once per model, one Vitest project each, named
// `<project> (<model>)` so results, filters (--project 'examples*') and the leaderboard name the model.
import type { Plugin, TestProjectInlineConfiguration, UserWorkspaceConfig } from 'vitest/config'

export function modelProjectName(project: string | undefined, model: string): string {
  return project ? `${project} (${model})` : model
}

/** Another model's project: the user's own project config (its `test` options and plugins) with a plugin for that model. */
export function projectForModel(userConfig: UserWorkspaceConfig, model: string, plugin: Plugin): TestProjectInlineConfiguration {
  // The config hook sees Vite's and Vitest's own plugins too; the new project gets those anew.
  const others = ([userConfig.plugins ?? []] as unknown[])
    .flat(Infinity)
    .filter((p): p is Plugin => typeof p === 'object' && p !== null && 'name' in p && typeof p.name === 'string' && !/^(vite|vitest)(:|$)|^agentprobe$/.test(p.name))
  return {
    ...(userConfig.root && { root: userConfig.root }),
    plugins: [...others, plugin],
    test: { ...userConfig.test, name: modelProjectName(userConfig.test?.name as string | undefined, model) },
  } as TestProjectInlineConfiguration
}

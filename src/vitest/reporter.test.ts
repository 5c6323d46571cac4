import { expect, it } from 'vitest'
import { modelProjectName, projectForModel } from './model-projects.ts'
import { commonFolder } from './reporter.ts'

it('puts the report in the folder common to every project', () => {
  expect(commonFolder(['/r/artifacts/plugin-tests', '/r/artifacts'])).toBe('/r/artifacts')
  expect(commonFolder(['/r/a/x', '/r/b/y'])).toBe('/r')
  expect(commonFolder(['/r/artifacts'])).toBe('/r/artifacts')
})

it("clones a project for another model: same test options, the user's other plugins, a new name", () => {
  const plugin = { name: 'agentprobe' }
  const other = { name: 'other' }
  const config = projectForModel({ test: { name: 'suite', include: ['x/*.cua.test.ts'] }, plugins: [[{ name: 'agentprobe' }, other, { name: 'vitest:config' }]] }, 'openai/gpt-x', plugin)
  expect(config.test).toMatchObject({ name: 'suite (openai/gpt-x)', include: ['x/*.cua.test.ts'] })
  expect(config.plugins).toEqual([other, plugin])
  expect(modelProjectName(undefined, 'offline')).toBe('offline')
})

// The Jest side of `agentprobe init`: the user's Jest config and tests stay as they are (a jsdom
// run with a mocked `chrome`, usually); the computer-use suite gets a config of its own,
// jest.cua.config.mjs, and a `test:cua` script, and the user's config is told to leave it out.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BuildStep, PackageJson } from './extension-build.ts'
import { addCuaScript, configDiff, stringifyLike, type ConfigSetup, type NextRun } from './init-config.ts'
import { buildComment, dirArg } from './init-files.ts'
import { CUA_IGNORE, ignoreInCode, ignoreInJson, type IgnoreEdit } from './jest-ignore.ts'
import type { JestRepo, TestModule } from './jest-repo.ts'
import { exists } from './exists.ts'

export const JEST_CUA_CONFIG = 'jest.cua.config.mjs'

/** The separate config: agentprobe's environment and browser pool, only the *.cua.test.* files. */
export function jestConfigFile(dir: string, test: TestModule, build?: BuildStep): string {
  const transform = test.module === 'ts' && test.transform ? [`    transform: ${JSON.stringify(test.transform)},`] : []
  return [
    `// agentprobe's computer-use tests, as a Jest config of their own (the test:cua script runs it);`,
    '// your own Jest config leaves the *.cua.test.* files to this one.',
    "import { withAgentprobe } from 'agentprobe/jest/config'",
    '',
    ...(build ? [`// ${buildComment(dir, build)}`] : []),
    'export default withAgentprobe(',
    `  { extension: '${dirArg(dir)}' },`,
    '  {',
    "    testMatch: ['<rootDir>/**/*.cua.test.{js,cjs,mjs,ts}'],",
    "    testPathIgnorePatterns: ['/node_modules/'],",
    ...transform,
    '  },',
    ')',
    '',
  ].join('\n')
}

/** The user's Jest config, with the pattern added where it would run the computer-use test. */
async function editUserConfig(setup: ConfigSetup, repo: JestRepo, testPath: string): Promise<void> {
  const { root, log } = setup
  const place = repo.config
  const name = place.kind === 'file' ? place.name : 'package.json'
  const path = join(root, name)
  const before = await readFile(path, 'utf8')
  let edit: IgnoreEdit
  if (place.kind === 'file' && !place.name.endsWith('.json')) edit = ignoreInCode(before, testPath, repo.jestMajor)
  else {
    const json = JSON.parse(before) as Record<string, unknown>
    // Without a config anywhere, package.json#jest with the one key is Jest's defaults plus the pattern.
    const config = place.kind === 'file' ? json : ((json.jest ?? {}) as Record<string, unknown>)
    const result = ignoreInJson(config, testPath, repo.jestMajor)
    if ('excluded' in result) edit = { kind: 'excluded', why: result.excluded }
    else if ('unsupported' in result) edit = { kind: 'unsupported', reason: result.unsupported }
    else edit = { kind: 'edited', text: stringifyLike(before, place.kind === 'file' ? result.config : { ...json, jest: result.config }) }
  }
  const where = place.kind === 'file' ? name : 'package.json#jest'
  if (edit.kind === 'excluded') log(`  kept    ${where} (your Jest run leaves ${testPath} out: ${edit.why})`)
  if (edit.kind === 'unsupported') log(`  note    ${where} left as it is: ${edit.reason}; add '${CUA_IGNORE}' to its testPathIgnorePatterns so that your Jest run leaves ${testPath} out`)
  if (edit.kind === 'edited') {
    await writeFile(path, edit.text)
    log(`  edited  ${where}: its testPathIgnorePatterns leaves *.cua.test.* files to ${JEST_CUA_CONFIG}`)
    for (const line of configDiff(name, before, edit.text)) log(line)
  }
}

export async function setUpJest(setup: ConfigSetup, repo: JestRepo, testPath: string): Promise<NextRun> {
  const { root, log } = setup
  const how = repo.test.module === 'ts' ? `TypeScript through ${repo.test.via}` : 'plain CommonJS, which Jest runs untransformed'
  log(`  jest    your tests run on Jest: they stay as they are; the computer-use test is ${how}`)
  if (!setup.force && (await exists(join(root, JEST_CUA_CONFIG)))) log(`  kept    ${JEST_CUA_CONFIG} (it exists; --force overwrites)`)
  else {
    await writeFile(join(root, JEST_CUA_CONFIG), jestConfigFile(setup.dir, repo.test, setup.build))
    log(`  created ${JEST_CUA_CONFIG}`)
  }
  await editUserConfig(setup, repo, testPath)
  // Re-read: the edit above may have added package.json#jest.
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as PackageJson
  return addCuaScript({ ...setup, pkg }, `jest -c ${JEST_CUA_CONFIG}`, 'the computer-use tests, with their own Jest config')
}

import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CaseFileError, loadCase } from './load-case.ts'

async function write(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-case-'))
  await writeFile(join(dir, name), text)
  return join(dir, name)
}

async function problems(name: string, text: string): Promise<string[]> {
  const file = await write(name, text)
  const error = await loadCase(file, join(file, '..')).then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(CaseFileError)
  return (error as CaseFileError).problems
}

describe('loadCase', () => {
  it("reads the seed's YAML case", async () => {
    const file = await write('sidepanel.yaml', [
      'name: sidepanel-open-test',
      `instruction: "Click the extension icon in the Chrome toolbar, then click 'Open Sidepanel'."`,
      'successCriteria: "The sidepanel is visible and shows the main UI"',
      'failureCriteria: "The extension popup shows an error or the sidepanel doesn\'t open"',
      'maxSteps: 15',
      'verification:',
      '  prompt: "Is the browser sidepanel open and showing the application UI (not an error page)?"',
    ].join('\n'))
    const { testCase } = await loadCase(file)
    expect(testCase).toMatchObject({ name: 'sidepanel-open-test', maxSteps: 15, successCriteria: ['The sidepanel is visible and shows the main UI'] })
    expect(testCase.verification?.prompt).toMatch(/^Is the browser sidepanel open/)
  })

  it('names file, line and field for a bad value', async () => {
    expect(await problems('x.yaml', 'name: x\ninstruction: go\n\nmaxSteps: -3\n')).toEqual(['x.yaml:4: maxSteps must be a positive integer'])
    expect(await problems('x.yaml', 'name: x\ninstruction: go\nmaxSteps: "ten"\n')).toEqual(['x.yaml:3: maxSteps must be a positive integer'])
  })

  it('suggests the field an unknown one was meant to be', async () => {
    expect(await problems('x.yaml', 'name: x\ninstrucion: go\n')).toEqual([
      'x.yaml:2: unknown field instrucion (did you mean instruction?)',
      'x.yaml: instruction is required (or goal)',
    ])
    expect(await problems('x.yaml', 'name: x\ninstruction: go\nverification:\n  promt: q\n')).toContain(
      'x.yaml:4: unknown field verification.promt (did you mean verification.prompt?)',
    )
  })

  it('reports a YAML syntax error with its line', async () => {
    const [problem] = await problems('x.yaml', 'name: x\ninstruction: "go\nmaxSteps: 3\n')
    expect(problem).toMatch(/^x\.yaml:\d: YAML syntax error/)
  })

  it('reads JSON, reporting lines too', async () => {
    expect(await problems('x.json', '{\n  "name": "x",\n  "instruction": 5\n}\n')).toEqual(['x.json:3: instruction must be a string, got number'])
  })

  it('says what a case must be when the file is not a mapping', async () => {
    expect(await problems('x.yaml', '- a\n- b\n')).toEqual(['x.yaml: a case must be a mapping with at least name and instruction'])
  })

  it('names wrong types in the seed fields', async () => {
    expect(await problems('x.yaml', 'name: x\ninstruction: go\nsuccessCriteria: 5\nverification: true\n')).toEqual([
      'x.yaml:3: successCriteria must be a string or a non-empty list of strings',
      'x.yaml:4: verification must be a mapping, got boolean',
    ])
  })

  it('reads a TypeScript case (types stripped) and gives a field its line', async () => {
    const ok = await write('ok.ts', "import type { CaseInput } from 'agentprobe'\n\nexport default {\n  name: 'ts-case',\n  goal: 'Wait 1 second.',\n  maxSteps: 3,\n} satisfies CaseInput\n")
    expect((await loadCase(ok)).testCase).toMatchObject({ name: 'ts-case', goal: 'Wait 1 second.', maxSteps: 3 })
    expect(await problems('x.ts', "export default {\n  name: 'x',\n  instruction: 'go',\n  maxSteps: 2.5,\n  urll: 'about:blank',\n}\n")).toEqual([
      'x.ts:4: maxSteps must be a positive integer',
      'x.ts:5: unknown field urll (did you mean url?)',
    ])
  })

  it('says how to write a TypeScript case that exports nothing', async () => {
    const [problem] = await problems('x.ts', "export const c = { name: 'x', instruction: 'go' }\n")
    expect(problem).toMatch(/^x\.ts: no default export; write `export default defineCase\(/)
  })
})

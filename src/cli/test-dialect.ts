// What differs between the Vitest and the Jest test file init writes (init-tests.ts): the imports,
// how a test reaches the fixtures, type annotations, and polling. The tests themselves are shared.

export interface TestDialect {
  /** The parameters of a test's function: `{ agent, chrome }` for Vitest's fixtures, none for Jest. */
  params(names: string): string
  /** A TypeScript-only piece (a type argument or `as`), or nothing in plain JavaScript. */
  ts(text: string): string
  /** The statement that waits until `expr` is above 0, failing with `message`. */
  pollAbove0(expr: string, message: string): string
  /** The header's imports (and fixture access); `served` adds the HTTP server's. */
  imports(served: boolean): string
  /** The command the header names. */
  runCommand: string
  /** Where a content-script test's page address would be configured. */
  configName: string
}

export const VITEST: TestDialect = {
  params: (names) => `{ ${names} }`,
  ts: (text) => text,
  pollAbove0: (expr, message) => `  await expect\n    .poll(async () => ${expr}, { message: '${message}' })\n    .toBeGreaterThan(0)`,
  imports: (served) => `${served ? "import { createServer } from 'node:http'\nimport type { AddressInfo } from 'node:net'\n" : ''}import { expect, test } from 'agentprobe/vitest'`,
  runCommand: 'npx vitest run',
  configName: "vitest's config",
}

export interface JestDialectOptions {
  /** 'cjs': plain CommonJS Jest runs untransformed; 'ts': TypeScript the repo's transform compiles. */
  module: 'cjs' | 'ts'
  /** Import test and expect from '@jest/globals' (when the repo has it) rather than use Jest's globals. */
  jestGlobals: boolean
  runCommand: string
  configName: string
}

/** Jest has no expect.poll: a loop that reads the value until it is above 0, for up to 5 s. */
const jestPoll = (expr: string, message: string, ts: boolean) => `  let reached = 0
  for (const end = Date.now() + 5000; reached === 0 && Date.now() < end; ) {
    reached = ${expr}
    if (reached === 0) await new Promise${ts ? '<void>' : ''}((resolve) => setTimeout(resolve, 200))
  }
  if (reached === 0) throw new Error('${message}')
  expect(reached).toBeGreaterThan(0)`

export function jestDialect(options: JestDialectOptions): TestDialect {
  const ts = options.module === 'ts'
  const imports = (served: boolean): string => {
    const lines = ts
      ? [
          ...(served ? ["import { createServer } from 'node:http'", "import type { AddressInfo } from 'node:net'"] : []),
          ...(options.jestGlobals ? ["import { expect, test } from '@jest/globals'"] : []),
          "import { useAgentprobe } from 'agentprobe/jest'",
        ]
      : [
          ...(served ? ["const { createServer } = require('node:http')"] : []),
          ...(options.jestGlobals ? ["const { expect, test } = require('@jest/globals')"] : []),
          "const { useAgentprobe } = require('agentprobe/jest')",
        ]
    // One browser per file, leased in beforeAll; each test gets a fresh session through these handles.
    return `${lines.join('\n')}\n\nconst { agent, screen, chrome } = useAgentprobe()`
  }
  return {
    params: () => '',
    ts: (text) => (ts ? text : ''),
    pollAbove0: (expr, message) => jestPoll(expr, message, ts),
    imports,
    runCommand: options.runCommand,
    configName: options.configName,
  }
}

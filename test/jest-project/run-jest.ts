// Runs the Jest project (test/jest-project) as a Jest user does, and reads the traces it writes.
import { execa } from 'execa'
import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { artifactDirFor } from '../../src/session/artifact-paths.ts'

export const JEST = join('node_modules', '.bin', 'jest')
export const PROJECT = join('test', 'jest-project')
export const DOUBLE_KEY = 'sk-jest-double-0123456789abcdef'

export async function jest(args: string[], env: Record<string, string> = {}) {
  const artifacts = await mkdtemp(join(tmpdir(), 'agentprobe-jest-'))
  const run = await execa(JEST, ['-c', join(PROJECT, 'jest.config.mjs'), ...args], {
    reject: false,
    all: true,
    env: { AGENTPROBE_ARTIFACTS_DIR: artifacts, AGENTPROBE_MODEL: 'offline', AGENTPROBE_CASSETTE: '', CI: '', ...env },
  })
  return { ...run, artifacts }
}

export async function traceOf(artifacts: string, file: string): Promise<{ status: string; error?: string; cassette?: { mode: string; replayedSteps: number; liveSteps: number; recordedBy?: string }; runs: { status: string }[] }> {
  // Artifacts are named after the test file relative to the Jest project's rootDir, then the test.
  const dir = dirname(artifactDirFor(artifacts, file, ''))
  const [test] = await readdir(dir)
  return JSON.parse(await readFile(join(dir, test!, 'trace.json'), 'utf8'))
}


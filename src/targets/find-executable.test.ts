import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { findExecutable, type ExecutableSearch } from './find-executable.ts'

let dir: string
const search = (names: string[], locations: string[] = []): ExecutableSearch => ({ browser: 'Testium', variable: 'TESTIUM_PATH', names, locations, install: 'apt-get install testium' })
const executable = async (path: string, mode = 0o755) => {
  await writeFile(path, '#!/bin/sh\n')
  await chmod(path, mode)
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentprobe-find-'))
  await mkdir(join(dir, 'a'))
  await mkdir(join(dir, 'b'))
})
afterEach(async () => {
  vi.unstubAllEnvs()
  await rm(dir, { recursive: true, force: true })
})

it('takes the first name found on PATH, in the order of the names, skipping files that are not executable', async () => {
  await executable(join(dir, 'a', 'testium-beta'))
  await executable(join(dir, 'b', 'testium'))
  await executable(join(dir, 'a', 'testium'), 0o644)
  vi.stubEnv('PATH', ['relative/bin', join(dir, 'a'), join(dir, 'b')].join(':'))
  expect(await findExecutable(search(['testium', 'testium-beta']))).toBe(join(dir, 'b', 'testium'))
  expect(await findExecutable(search(['testium-beta', 'testium']))).toBe(join(dir, 'a', 'testium-beta'))
})

it('falls back to the install locations, then says how to get one, naming the variable', async () => {
  vi.stubEnv('PATH', join(dir, 'a'))
  await executable(join(dir, 'b', 'opt-testium'))
  expect(await findExecutable(search(['testium'], [join(dir, 'b', 'opt-testium')]))).toBe(join(dir, 'b', 'opt-testium'))
  await expect(findExecutable(search(['testium'], [join(dir, 'b', 'missing')]))).rejects.toThrow(/No Testium found: looked for testium on PATH and in .*missing\. Install Testium \(Debian\/Ubuntu: apt-get install testium\) or set TESTIUM_PATH/)
})

it('an explicit path must be an executable file', async () => {
  await expect(findExecutable(search(['testium']), join(dir, 'a'))).rejects.toThrow(/The Testium executable .* does not exist or is not an executable file: fix TESTIUM_PATH/)
})

import { execa } from 'execa'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { desktopStandInsEnv } from './desktop-stand-ins.ts'

let dir: string | undefined
afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined))

describe('desktopStandInsEnv', () => {
  it('puts stand-ins for xdg-desktop-menu and xdg-icon-resource first on PATH, which do nothing and succeed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'agentprobe-desktop-'))
    const env = await desktopStandInsEnv(dir, '/usr/bin:/bin')
    expect(env.PATH).toBe(`${join(dir, 'desktop-stand-ins')}:/usr/bin:/bin`)
    for (const [tool, ...args] of [
      ['xdg-icon-resource', 'uninstall', '--mode', 'user', '--size', '48', 'chrome-abc-Default.png'],
      ['xdg-desktop-menu', 'uninstall', '--mode', 'user', 'chrome-apps.directory', 'chrome-abc-Default.desktop'],
    ]) {
      const run = await execa(tool!, args, { env, extendEnv: false, reject: false, all: true })
      expect([run.exitCode, run.all], tool).toEqual([0, ''])
    }
    // the rest of the path still answers
    expect((await execa('sh', ['-c', 'command -v sed'], { env, extendEnv: false })).stdout).toMatch(/\/sed$/)
  })

  it('keeps the default search path when there is no PATH', async () => {
    dir = await mkdtemp(join(tmpdir(), 'agentprobe-desktop-'))
    expect((await desktopStandInsEnv(dir, '')).PATH).toBe(`${join(dir, 'desktop-stand-ins')}:/usr/local/bin:/usr/bin:/bin`)
  })
})

import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execa } from 'execa'
import { describe, expect, it } from 'vitest'
import { newestOtherThan, previousRelease } from './release-tag.ts'

describe('previousRelease', () => {
  it('is the newest tag before HEAD: the tag on HEAD itself is the build under test', async () => {
    const root = await mkdtemp(join(tmpdir(), 'agentprobe-tags-'))
    const git = (...args: string[]) => execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], { cwd: root })
    expect(await previousRelease(root)).toBeUndefined()
    await git('init', '-q')
    const commit = async (version: string) => {
      await writeFile(join(root, 'v'), version)
      await git('add', '.')
      await git('commit', '-qm', version)
    }
    await commit('1')
    expect(await previousRelease(root)).toBeUndefined()
    await git('tag', '-a', 'v1.0.0', '-m', 'one')
    expect(await previousRelease(root)).toBeUndefined()
    await commit('2')
    expect(await previousRelease(root)).toBe('v1.0.0')
    await git('tag', 'v2.0.0')
    expect(await previousRelease(root)).toBe('v1.0.0')
  })

  it('reads peeled commits of annotated tags', () => {
    expect(newestOtherThan('c2', 'v2 t2 c2\nv1 t1 c1\n')).toBe('v1')
    expect(newestOtherThan('c2', 'v1 c1 \n')).toBe('v1')
    expect(newestOtherThan('c2', '')).toBeUndefined()
  })
})

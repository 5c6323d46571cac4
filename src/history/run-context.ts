// Where a run happened, for its history record: the commit and branch (from the CI's variables,
// else from git), the CI job, and the shard the test framework ran.
import { execa } from 'execa'
import type { RunContext } from '../core/history.ts'

type Env = Record<string, string | undefined>

export async function runContext(root: string, env: Env, shard?: { index: number; count: number }): Promise<Omit<RunContext, 'project'>> {
  const commit = env.GITHUB_SHA ?? env.CI_COMMIT_SHA ?? (await git(root, 'rev-parse', 'HEAD'))
  // A pull request's branch is its head, not the merge ref GitHub checks out.
  const branch = env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || env.CI_COMMIT_REF_NAME || (await git(root, 'rev-parse', '--abbrev-ref', 'HEAD'))
  const ciJob = env.GITHUB_RUN_ID ? `github ${env.GITHUB_RUN_ID}${env.GITHUB_JOB ? ` ${env.GITHUB_JOB}` : ''}` : env.CI_JOB_ID ? `gitlab ${env.CI_JOB_ID}` : undefined
  return {
    ...(commit && { commit }),
    ...(branch && branch !== 'HEAD' && { branch }),
    ...(ciJob && { ciJob }),
    ...(shard && shard.count > 1 && { shard: `${shard.index}/${shard.count}` }),
  }
}

async function git(cwd: string, ...args: string[]): Promise<string | undefined> {
  const result = await execa('git', args, { cwd, reject: false, timeout: 5000 })
  return result.exitCode === 0 ? result.stdout.trim() || undefined : undefined
}

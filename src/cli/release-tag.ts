// The release users have, for the update test `init` writes: the newest tag reachable from HEAD
// that is not HEAD itself (a repo whose HEAD is tagged v2.0.0 updates from the tag before it).
import { execa } from 'execa'

/** The tag to update from, or undefined outside a git repo or when no earlier commit is tagged. */
export async function previousRelease(root: string): Promise<string | undefined> {
  const git = (args: string[]) => execa('git', args, { cwd: root, reject: false })
  const head = await git(['rev-parse', 'HEAD'])
  if (head.exitCode !== 0) return undefined
  // (%(*objectname) is the commit an annotated tag points at; a lightweight tag's is %(objectname))
  const refs = await git(['for-each-ref', '--merged', 'HEAD', '--sort=-creatordate', '--format=%(refname:short) %(objectname) %(*objectname)', 'refs/tags'])
  if (refs.exitCode !== 0) return undefined
  return newestOtherThan(head.stdout.trim(), refs.stdout)
}

/** The first tag of `for-each-ref` lines ("name object peeled") whose commit is not `head`. */
export function newestOtherThan(head: string, lines: string): string | undefined {
  for (const line of lines.split('\n')) {
    const [name, object, peeled] = line.trim().split(' ')
    if (name && (peeled || object) !== head) return name
  }
  return undefined
}

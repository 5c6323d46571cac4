// `agentprobe compare RUN_A RUN_B`: two stored runs side by side, step by step, in the terminal
// and as a page beside the report (with the frames where the runs' folders still hold them).
import { relative, resolve } from 'node:path'
import { ConfigError } from '../core/errors.ts'
import { compareRuns } from '../core/run-compare.ts'
import { locationName } from '../history/open-store.ts'
import { renderCompareText } from '../report/render-compare.ts'
import { writeComparePage } from '../report/write-compare.ts'
import { aliased, parseFlags } from './args.ts'
import { historyLocation, openToRead } from './history-store-flag.ts'
import type { Env } from './main.ts'

const FLAGS = {
  'output-dir': { type: 'string' },
  out: { type: 'string' },
  store: { type: 'string' },
} as const

export async function compareCommand(args: string[], env: Env, print: (line: string) => void, cwd = process.cwd()): Promise<number> {
  const { values, positionals } = parseFlags(args, FLAGS, 'compare')
  if (positionals.length !== 2) throw new ConfigError(`agentprobe compare: two run ids are required, got ${positionals.length} (agentprobe history --json lists them)`)
  const location = historyLocation(values.store, cwd, env, 'compare')
  const store = await openToRead(location, values.store !== undefined, 'compare')
  if (!store) throw new ConfigError(`agentprobe compare: no runs recorded yet in ${locationName(location)}`)
  try {
    const [a, b] = await Promise.all(
      positionals.map(async (id) => {
        const run = await store.run(id).catch((error: Error) => {
          throw new ConfigError(`agentprobe compare: ${error.message}`)
        })
        if (!run) throw new ConfigError(`agentprobe compare: no run with id ${id} in ${store.name}`)
        return run
      }),
    )
    print(renderCompareText(compareRuns(a!, b!)).trimEnd())
    const page = await writeComparePage({ a: a!, b: b!, outDir: resolve(cwd, aliased<string>(values, 'output-dir', 'out', 'compare') ?? 'artifacts/compare') })
    print(`\nagentprobe compare: ${relative(cwd, page).startsWith('..') ? page : relative(cwd, page)}`)
    return 0
  } finally {
    await store.close()
  }
}

// Where a child process tree's CPU goes, from /proc (Linux): the tree is sampled at an interval for
// each process's own CPU, by kind; the total comes from this process's reaped-children counters,
// so processes too short-lived to be sampled (xdotool, scrot, git) are counted as the rest.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { basename } from 'node:path'

/** /proc's clock ticks are USER_HZ, 100 on every Linux. */
const TICK_MS = 10

interface Stat {
  ppid: number
  /** utime + stime, ms. */
  own: number
  /** cutime + cstime: reaped descendants, ms. */
  reaped: number
}

function stat(pid: number | 'self'): Stat | undefined {
  try {
    // (the command name may hold spaces and parentheses: fields are counted from the last ')')
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { ppid: Number(f[1]), own: (Number(f[11]) + Number(f[12])) * TICK_MS, reaped: (Number(f[13]) + Number(f[14])) * TICK_MS }
  } catch {
    return undefined // gone between the listing and the read
  }
}

/** The executable a process runs now, '' once it is gone. */
function exeOf(pid: number): string {
  try {
    return readlinkSync(`/proc/${pid}/exe`)
  } catch {
    return ''
  }
}

/** A process's command line, '' once it is gone. */
function argsOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

/**
 * What a process is, from its executable and command line: a browser's main process apart from its
 * helpers, which are its descendants (one seen between its fork and its exec has the browser's
 * command line, and a fork that never execs keeps it).
 */
function kindOf(exePath: string, args: string, underChromium: boolean): string {
  const exe = basename(exePath)
  if (exe === '' || args === '') return 'other'
  if (/^chrom(e|ium)/.test(exe)) return args.includes('--type=') || underChromium ? 'Chromium helpers' : 'Chromium browsers'
  if (/^firefox/.test(exe)) return args.includes('-contentproc') ? 'Firefox helpers' : 'Firefox browsers'
  if (exe === 'Xvfb') return 'Xvfb'
  if (exe !== 'node') return 'other'
  if (/vitest\/dist\/workers\//.test(args)) return 'vitest workers'
  if (/vitest(\.mjs)? /.test(`${args} `)) return 'vitest main'
  if (/\bjest\b/.test(args)) return 'Jest'
  if (/\b(npm|npx|pnpm)\b/.test(args)) return 'npm and pnpm'
  if (/agentprobe(\.js)? /.test(`${args} `)) return 'agentprobe CLI'
  return 'other node'
}

export interface TreeCpu {
  /** CPU ms by kind, the most each sampled process was seen with; 'short-lived' is the rest of the total (processes that ended between samples, and each one's CPU since its last). */
  byKind: Record<string, number>
  totalMs: number
  /** How many processes of each kind were seen. */
  counts: Record<string, number>
}

/** Starts sampling the tree under `root` (a child of this process) every `intervalMs`; `stop()` once it has been reaped. */
export function watchTreeCpu(root: number, { intervalMs = 100 }: { intervalMs?: number } = {}): { stop(): TreeCpu } {
  const before = stat('self')!.reaped
  const seen = new Map<number, { kind: string; exe: string; args: string; own: number }>()
  const sample = () => {
    const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number)
    const stats = new Map(pids.map((pid) => [pid, stat(pid)] as const).filter((e): e is [number, Stat] => e[1] !== undefined))
    const inTree = (pid: number): boolean => {
      for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 1 && hops < 64; p = stats.get(p)?.ppid, hops++) if (p === root) return true
      return false
    }
    for (const [pid, s] of stats) {
      if (!inTree(pid)) continue
      const known = seen.get(pid)
      const parent = seen.get(s.ppid)
      const underChromium = parent?.kind.startsWith('Chromium') ?? false
      const exe = exeOf(pid)
      if (!known) {
        const args = argsOf(pid)
        seen.set(pid, { kind: kindOf(exe, args, underChromium), exe, args, own: s.own })
        continue
      }
      known.own = Math.max(known.own, s.own)
      // (first seen in the sample that first saw its browser, before that browser was known as one)
      if (known.kind === 'Chromium browsers' && underChromium) known.kind = 'Chromium helpers'
      // A process first seen before it exec'd its program is that program's from then on: until its
      // exec, a child has its parent's program and command line (a browser seen so was counted as
      // Vitest's, a Chromium helper, which runs the browser's program, as a browser, a Vitest worker
      // as its main). A process with a program or command line of its own is not read again.
      if (exe === '' || (exe === known.exe && known.args !== parent?.args)) continue
      const args = argsOf(pid)
      if (args !== '' && (exe !== known.exe || args !== known.args)) {
        Object.assign(known, { exe, args, kind: kindOf(exe, args, underChromium) })
      }
    }
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      const reaped = stat('self')!.reaped - before
      const byKind: Record<string, number> = {}
      const counts: Record<string, number> = {}
      for (const { kind, own } of seen.values()) {
        byKind[kind] = (byKind[kind] ?? 0) + own
        counts[kind] = (counts[kind] ?? 0) + 1
      }
      const sampled = Object.values(byKind).reduce((a, b) => a + b, 0)
      byKind['short-lived'] = Math.max(0, reaped - sampled)
      // A process whose parent ended first is reaped by init, and its CPU never reaches our counters
      // (Chromium's, ended as a group): the samples then say more than the reaped total.
      return { byKind, totalMs: Math.max(reaped, sampled), counts }
    },
  }
}

/** How often watchMachineCpu looks, ms: short enough to see two runs' busy moments fall together. */
const SAMPLE_MS = 50

/**
 * Cores busy on the whole machine (every process and the kernel) between `watchMachineCpu()` and
 * `stop()`, from /proc/stat, and the share of SAMPLE_MS looks in which every core was busy (95% or
 * more): a mean well under the cores can still hide moments when the work queues.
 */
export function watchMachineCpu(): { stop(): { cores: number; saturated: number } } {
  const read = () => {
    // user nice system idle iowait irq softirq steal: the guest fields after them are counted in user and nice already
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number)
    return { total: ticks.reduce((a, b) => a + b, 0), idle: ticks[3]! + ticks[4]! }
  }
  const busy = (from: ReturnType<typeof read>, to: ReturnType<typeof read>) => {
    const total = to.total - from.total
    return total === 0 ? undefined : (total - (to.idle - from.idle)) / total
  }
  const before = read()
  let last = before
  let looks = 0
  let full = 0
  const timer = setInterval(() => {
    const now = read()
    const share = busy(last, now)
    last = now
    if (share === undefined) return
    looks++
    if (share >= 0.95) full++
  }, SAMPLE_MS)
  return {
    stop() {
      clearInterval(timer)
      return { cores: (busy(before, read()) ?? 0) * availableParallelism(), saturated: looks === 0 ? NaN : full / looks }
    },
  }
}

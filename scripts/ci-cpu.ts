#!/usr/bin/env node
// Runs a command (CI: the test command) and then says where the machine's CPU went while it ran:
// how busy the cores were and how much of it the kernel took (from /proc/stat), and the command's
// own processes by kind (tree-cpu.ts), browsers counted by launch. Whether a suite waits or is bound
// by its cores decides what makes it faster: fewer waits, or less work. Exits with the command's code.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { watchTreeCpu } from './tree-cpu.ts'

/** The machine's CPU time so far, in /proc/stat's 1/100 s: all of it, idle, and in the kernel. */
function machineTicks(): { all: number; idle: number; kernel: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  return { all: user! + nice! + system! + idle! + iowait! + irq! + softirq! + steal!, idle: idle! + iowait!, kernel: system! + irq! + softirq! }
}

const [command, ...args] = process.argv.slice(2)
if (command === undefined) {
  console.error('usage: node scripts/ci-cpu.ts COMMAND [ARGS...]')
  process.exit(2)
}
const before = machineTicks()
const child = spawn(command, args, { stdio: 'inherit' })
// Once a second is enough for a run of many minutes, and costs the run almost nothing.
const watch = watchTreeCpu(child.pid!, { intervalMs: 1000 })
const code = await new Promise<number>((resolve) => child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))))
const tree = watch.stop()
const after = machineTicks()
const all = after.all - before.all
const busy = all - (after.idle - before.idle)
const s = (ms: number) => `${Math.round(ms / 1000)} s`
const kinds = Object.entries(tree.byKind).sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 500)
console.log(`cpu: the ${availableParallelism()} cores were ${Math.round((100 * busy) / all)}% busy (${Math.round((100 * (after.kernel - before.kernel)) / all)}% in the kernel): ${s(busy * 10)} of CPU`)
console.log(`cpu: ${s(tree.totalMs)} in \`${[command, ...args].join(' ')}\`: ${kinds.map(([kind, ms]) => `${kind} ${s(ms)}${tree.counts[kind] ? ` (${tree.counts[kind]})` : ''}`).join(', ')}`)
process.exit(code)

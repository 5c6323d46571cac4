// A reporter for this repository's own suite: at the end of a run, each project's wall time (its
// first file's start to its last file's end), the sum of its file times, and the slowest files and
// tests, so that a change that makes the suite slow shows on the day it lands, and where; with the
// CPU each file used where file-cpu.ts measured it, which says whether a slow file works or waits,
// and the files that use the most of it.
// .ci/run also holds the budget.
import { relative } from 'node:path'
import type { Reporter, TestModule, Vitest } from 'vitest/node'

interface Span {
  start: number
  end: number
}

export default class SuiteTimes implements Reporter {
  #root = process.cwd()
  #spans = new Map<TestModule, Span>()

  onInit(vitest: Vitest): void {
    this.#root = vitest.config.root
  }

  onTestModuleStart(module: TestModule): void {
    this.#spans.set(module, { start: Date.now(), end: Date.now() })
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.#spans.get(module)
    if (span) span.end = Date.now()
  }

  onTestRunEnd(): void {
    if (this.#spans.size < 2) return
    const byProject = new Map<string, [TestModule, Span][]>()
    for (const entry of this.#spans) byProject.set(entry[0].project.name, [...(byProject.get(entry[0].project.name) ?? []), entry])
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    const cpuOf = (module: TestModule) => module.meta().cpu
    const lines = ['', 'suite times (wall: first file start to last file end; files: the sum of file times; cpu: the files\' own and their processes\')']
    for (const [project, spans] of [...byProject].sort((a, b) => a[0].localeCompare(b[0]))) {
      const wall = Math.max(...spans.map(([, t]) => t.end)) - Math.min(...spans.map(([, t]) => t.start))
      const sum = spans.reduce((total, [, t]) => total + t.end - t.start, 0)
      const measured = spans.flatMap(([module]) => cpuOf(module) ?? [])
      const cpu = measured.length === 0 ? '' : `  cpu ${s(measured.reduce((total, c) => total + (c.self + c.children) * 1000, 0)).padStart(7)}`
      lines.push(`  ${project.padEnd(10)} ${String(spans.length).padStart(4)} files  wall ${s(wall).padStart(6)}  files ${s(sum).padStart(6)}${cpu}`)
    }
    const slowest = [...this.#spans].sort((a, b) => b[1].end - b[1].start - (a[1].end - a[1].start)).slice(0, 12)
    lines.push('  slowest files:')
    for (const [module, t] of slowest) {
      const cpu = cpuOf(module)
      lines.push(`    ${s(t.end - t.start).padStart(6)}  ${relative(this.#root, module.moduleId)}${cpu ? `  (cpu ${s(cpu.self * 1000)} in the file, ${s(cpu.children * 1000)} in its processes)` : ''}`)
    }
    // (the cores are the limit on a loaded run: these are the files whose cuts shorten it)
    const heaviest = [...this.#spans].flatMap(([module, t]) => {
      const cpu = cpuOf(module)
      return cpu ? [{ module, t, seconds: cpu.self + cpu.children }] : []
    })
    lines.push('  most cpu:')
    for (const { module, t, seconds } of heaviest.sort((a, b) => b.seconds - a.seconds).slice(0, 12)) {
      lines.push(`    ${s(seconds * 1000).padStart(6)}  ${relative(this.#root, module.moduleId)}  (wall ${s(t.end - t.start)})`)
    }
    // (the files the run waited for at its end: where an idle tail would show)
    const runStart = Math.min(...[...this.#spans.values()].map((t) => t.start))
    lines.push('  the last to end (start → end, from the run\'s start):')
    for (const [module, t] of [...this.#spans].sort((a, b) => b[1].end - a[1].end).slice(0, 6)) {
      lines.push(`    ${s(t.start - runStart).padStart(7)} → ${s(t.end - runStart).padStart(7)}  ${relative(this.#root, module.moduleId)}`)
    }
    const tests = [...this.#spans.keys()].flatMap((module) => [...module.children.allTests()].map((test) => ({ module, test, ms: test.diagnostic()?.duration ?? 0 })))
    lines.push('  slowest tests:')
    for (const { module, test, ms } of tests.sort((a, b) => b.ms - a.ms).slice(0, 25)) {
      lines.push(`    ${s(ms).padStart(6)}  ${relative(this.#root, module.moduleId)} > ${test.fullName}`)
    }
    process.stdout.write(`${lines.join('\n')}\n`)
  }
}

// The order of this repository's own suite. Vitest runs the files it has timings for longest first,
// and the others largest first: on a fresh clone (CI) that started the longest e2e file a third of
// the way in, and the two cores idled at the end while the long files finished beside nothing else.
// Here a file without a timing of its own takes the one below, measured on a fresh clone's run, so
// the long files start first and the short ones fill the end. A file with a timing keeps vitest's.
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Wall seconds of the longest files in a fresh clone's full run (scripts/suite-times.ts prints them). */
export const MEASURED: Readonly<Record<string, number>> = {
  'test/bench-truth.e2e.test.ts': 347,
  'test/replay.e2e.test.ts': 246,
  'test/repos.e2e.test.ts': 244,
  'test/cli.e2e.test.ts': 228,
  'test/extension-matrix.e2e.test.ts': 223,
  'test/cassette.e2e.test.ts': 220,
  'test/models/misbehaviours.e2e.test.ts': 193,
  'test/bench.e2e.test.ts': 171,
  'test/models/examples.e2e.test.ts': 154,
  'test/jest.e2e.test.ts': 120,
  'test/report/report.e2e.test.ts': 108,
  'test/cli-init.e2e.test.ts': 102,
  'test/firefox.e2e.test.ts': 99,
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    const position = new Map(ordered.map((spec, i) => [spec, i]))
    const project = new Map<string, number>()
    for (const spec of ordered) if (!project.has(spec.project.name)) project.set(spec.project.name, project.size)
    const cached = (spec: TestSpecification) => this.ctx.cache.getTestSpecificationResult(spec)
    const seconds = (spec: TestSpecification) => {
      const duration = cached(spec)?.duration
      return duration === undefined ? MEASURED[relative(this.ctx.config.root, spec.moduleId)] : duration / 1000
    }
    // Within a project: the files with a timing, longest first, then the rest in vitest's order
    // (and vitest's own order, failed first, where both were timed by vitest).
    return ordered.toSorted((a, b) => {
      const byProject = project.get(a.project.name)! - project.get(b.project.name)!
      if (byProject !== 0 || (cached(a) && cached(b))) return byProject || position.get(a)! - position.get(b)!
      const [sa, sb] = [seconds(a), seconds(b)]
      if (sa !== undefined && sb !== undefined && sa !== sb) return sb - sa
      if ((sa === undefined) !== (sb === undefined)) return sa === undefined ? 1 : -1
      return position.get(a)! - position.get(b)!
    })
  }
}

// Acceptance of the report: the examples run through the plugin as a CI matrix runs them, split with
// --shard and merged with --merge-reports; each shard prints its live lines, the merged report has
// every test with its graph, opened in a real headless Chromium (offline), and a click on a node
// shows that node's frame. (A plain run's report and step summary: reporter.e2e. A third run of the
// same examples here, unsplit, cost ~15 CPU-s for what the merge shows again.)
import { execa } from 'execa'
import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { openInHeadlessChromium } from './headless-page.ts'

const root = resolve(import.meta.dirname, '../..')

function vitest(args: string[], env: Record<string, string>) {
  return execa('node', [join(root, 'node_modules/vitest/vitest.mjs'), ...args], { cwd: root, env: { CI: '', ...env }, all: true, reject: false })
}

interface JsonResults {
  testResults: { assertionResults: { fullName: string; status: string }[] }[]
}

async function reportTests(html: string): Promise<string[]> {
  const text = await readFile(html, 'utf8')
  return [...text.matchAll(/<article class="test[^>]*>\n<header><span class="icon">[^<]*<\/span><h2>([^<]*)<\/h2>/g)].map((m) => m[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))))
}

// The side-panel example and its broken variants: four tests whose every step the report shows.
const EXAMPLES = ['examples/sidepanel.cua.test.ts', 'examples/broken/']

describe('after the examples run in two shards, merged', () => {
  let dir: string
  let shards: string
  let merged: string
  let tests: string[]

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agentprobe-report-e2e-'))
    // (both shards write into one artifacts folder, as a CI job that downloads every shard's does)
    const env = { AGENTPROBE_ARTIFACTS_DIR: join(dir, 'artifacts') }
    const outputs: string[] = []
    for (const shard of ['1/2', '2/2']) {
      const run = await vitest(['run', '--project', 'examples', ...EXAMPLES, `--shard=${shard}`, '--reporter=default', '--reporter=blob', `--outputFile.blob=${join(dir, 'blobs', `blob-${shard.replace('/', '-')}.json`)}`], env)
      outputs.push(stripVTControlCharacters(run.all ?? ''))
      expect(run.exitCode, outputs.at(-1)).toBe(0)
    }
    shards = outputs.join('\n')
    expect(await readdir(join(dir, 'blobs'))).toHaveLength(2)
    const merge = await vitest(['run', '--project', 'examples', `--merge-reports=${join(dir, 'blobs')}`, '--reporter=default', '--reporter=json', `--outputFile.json=${join(dir, 'results.json')}`], {
      ...env,
      GITHUB_STEP_SUMMARY: join(dir, 'step-summary.md'),
    })
    merged = stripVTControlCharacters(merge.all ?? '')
    expect(merge.exitCode, merged).toBe(0)
    const results = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as JsonResults
    tests = results.testResults.flatMap((f) => f.assertionResults.map((a) => a.fullName))
  }, 300_000)

  it('printed a live line per agent step in its shard, and the merge where the report of every test is', async () => {
    expect(shards).toMatch(/agentprobe › side panel opens from the toolbar step 1\/15: /)
    expect(shards).toMatch(/agentprobe › side panel opens from the toolbar step \d+\/15: passed/)
    expect(merged).toMatch(/agentprobe report: .*report\/index\.html \(4\/4 passed/)
    expect(tests).toHaveLength(4)
    expect((await reportTests(join(dir, 'artifacts/report/index.html'))).sort()).toEqual([...tests].sort())
  })

  it('wrote the Markdown summary to $GITHUB_STEP_SUMMARY', async () => {
    const md = await readFile(join(dir, 'step-summary.md'), 'utf8')
    expect(md).toMatch(/^## agentprobe report: 4\/4 passed/)
    for (const name of tests) expect(md).toContain(name)
  })

  it('shows every test with its graph offline, and a click on a node opens its frame, action and model text', async () => {
    expect(tests.length).toBeGreaterThanOrEqual(4)
    const html = join(dir, 'artifacts/report/index.html')
    const page = await openInHeadlessChromium(html)
    try {
      const shown = await page.evaluate<{ name: string; nodes: number; steps: number }[]>(`[...document.querySelectorAll('article.test')].map((a) => ({
        name: a.querySelector('h2').textContent, nodes: a.querySelectorAll('svg.graph .node').length, steps: a.querySelectorAll('svg.graph .kind-step').length }))`)
      expect(shown.map((t) => t.name).sort()).toEqual([...tests].sort())
      for (const t of shown) expect(t.nodes, t.name).toBeGreaterThanOrEqual(2)
      expect(shown.find((t) => t.name === 'side panel opens from the toolbar')!.steps).toBeGreaterThanOrEqual(2)

      const target = await page.evaluate<string>(`[...document.querySelectorAll('article.test')].find((a) => a.querySelector('h2').textContent === 'side panel opens from the toolbar').querySelector('.kind-step').dataset.node`)
      const before = await page.evaluate<boolean>(`document.querySelector('[data-for="${target}"]').hidden`)
      await page.click(`[data-node="${target}"]`)
      const after = await page.evaluate<{ inView: boolean; hidden: boolean; title: string; text: string; imageWidth: number; selected: boolean; others: number }>(`(async () => {
        const d = document.querySelector('[data-for="${target}"]'); const img = d.querySelector('img.frame')
        const box = d.getBoundingClientRect()
        const inView = box.top < innerHeight && box.bottom > 0
        // (loaded as it comes into view: waited for, not decode()d, which a loaded machine saw never settle for a lazy image)
        for (let i = 0; i < 100 && !(img.complete && img.naturalWidth > 0); i++) await new Promise((r) => setTimeout(r, 100))
        const test = d.closest('article')
        return { inView, hidden: d.hidden, title: d.querySelector('h3').textContent, text: d.querySelector('dl').textContent, imageWidth: img.naturalWidth,
          selected: document.querySelector('[data-node="${target}"]').classList.contains('selected'),
          others: [...test.querySelectorAll('.node-detail')].filter((x) => !x.hidden).length }
      })()`)
      expect(before).toBe(true)
      // The detail comes into view with the click: its frame loads lazily, and only where it can be seen.
      expect(after).toMatchObject({ inView: true, hidden: false, selected: true, others: 1 })
      expect(after.title).toMatch(/^step 1\/15 · /)
      expect(after.text).toMatch(/model text/)
      expect(after.imageWidth).toBe(1280)
      const shot = join(dir, 'report.png')
      await page.screenshot(shot)
      console.log(`report screenshot: ${shot}`)
      expect(page.requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([])
    } finally {
      await page.close()
    }
  })
})

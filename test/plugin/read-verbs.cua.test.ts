// The read verbs with the keyless offline model, through the plugin path a user's suite takes:
// a query of the count a real page shows against chrome.storage, a click found by a quoted
// description, a waitFor that holds and one that never does, and the trace keeping each read with
// the frame it was made on.
import { access, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { expect, test } from 'agentprobe/vitest'

const SAVED = "What does 'Saved notes:' show?"

test('offline: query, locate, click and waitFor by quoted text, each recorded with its frame', async ({ agent, screen, chrome, session }) => {
  await chrome.openExtensionPage('sidepanel.html')
  const stored = () => chrome.evaluate<number>({ url: /sidepanel\.html$/ }, 'chrome.storage.local.get({ notes: [] }).then(({ notes }) => notes.length)')
  expect(await agent.query(SAVED, z.object({ count: z.number().int() }))).toEqual({ count: await stored() })

  const field = await screen.locate({ description: "the 'Write a note' field" })
  expect(field.point.x).toBeGreaterThan(0)
  expect(field.point.y).toBeLessThan(screen.size.height)
  await screen.click({ description: "the 'Write a note' field" })
  await screen.type('milk')
  await screen.click({ description: "the 'Save note' button" })
  const held = await agent.waitFor("Is 'Saved notes: 1' shown?", { timeoutMs: 10_000 })
  expect(held.passed).toBe(true)
  expect(await stored()).toBe(1)
  await expect(screen).toQuery(SAVED, z.number(), 1)

  const never = await agent.waitFor("Is 'Saved notes: 5' shown?", { timeoutMs: 2000, intervalMs: 200 }).catch((e: unknown) => e)
  expect(String(never)).toMatch(/did not hold within 2000 ms: \d+ look\(s\), 1 model call\(s\) .*last evidence: .*Not found: 'Saved notes: 5'/)
  expect(String(await agent.query('How many notes are there?', z.number()).catch((e: unknown) => e))).toContain('the offline model cannot judge')
  expect(String(await screen.click({ description: 'the pin icon next to the second note' }).catch((e: unknown) => e))).toContain('cannot judge')

  await session.writer.flush()
  const trace = JSON.parse(await readFile(join(session.writer.dir, 'trace.json'), 'utf8')) as { runs: { kind: string; status: string; read?: { frame?: string; value?: unknown; point?: unknown } }[] }
  const reads = trace.runs.filter((r) => r.read)
  expect(reads.map((r) => `${r.kind} ${r.status}`)).toEqual(['query passed', 'locate passed', 'locate passed', 'locate passed', 'waitFor passed', 'query passed', 'waitFor failed', 'query failed', 'locate failed'])
  expect(reads[0]!.read!.value).toEqual({ count: 0 })
  expect(reads[5]!.read!.value).toBe(1)
  for (const r of reads) await access(join(session.writer.dir, r.read!.frame!))
})

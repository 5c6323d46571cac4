// Secrets never reach disk: an API key from the environment and text typed with `secret: true`
// are absent from every file of the test's artifacts, through the whole plugin path.
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'agentprobe/vitest'

const KEY = process.env.AGENTPROBE_TEST_API_KEY!
const TYPED = 'correct-horse-battery-staple'

test('an API key in the instruction and a typed secret stay out of the artifacts', async ({ agent, screen, chrome, session }) => {
  expect(KEY).toMatch(/^sk-/)
  await chrome.openExtensionPage('sidepanel.html')
  await agent.do(`Click 'Write a note', then type '${KEY}', then press Enter.`)
  await expect(screen).toShowText('Saved notes: 1')
  await screen.click({ text: 'Write a note' })
  await screen.type(TYPED, { secret: true })
  await screen.press('Enter')
  await expect(screen).toShowText('Saved notes: 2')
  expect(await chrome.evaluate({ url: /sidepanel\.html$/ }, 'document.getElementById("notes").textContent')).toBe(`${KEY}${TYPED}`)

  await session.finish('passed')
  const files = await readdir(session.writer.dir)
  expect(files).toContain('trace.json')
  for (const file of files.filter((f) => f.endsWith('.json'))) {
    const text = await readFile(join(session.writer.dir, file), 'utf8')
    expect(text, file).not.toContain(KEY)
    expect(text, file).not.toContain(TYPED)
  }
  expect(await readFile(join(session.writer.dir, 'trace.json'), 'utf8')).toContain('•••')
})

// Fixed ID Badge has a `key` in its manifest: its ID comes from the key, not from the folder's path.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'

/** Chrome's ID for a manifest key: sha256 of the key's bytes, first 32 hex digits, each d → 'a'+d. */
function idForKey(key: string): string {
  const hex = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32)
  return Array.from(hex, (digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('')
}

test('Fixed ID Badge: runs under the ID its key fixes and shows it in the popup', async ({ agent, chrome, browser, extension }) => {
  const { key } = JSON.parse(await readFile(join(extension!, 'manifest.json'), 'utf8')) as { key: string }
  expect(chrome.extensionId).toBe(idForKey(key))
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Show my ID'.", { maxSteps: 6 })
  expect(await chrome.evaluate({ url: /popup\.html$/ }, "document.getElementById('id').textContent")).toBe(`ID ${idForKey(key)}`)
  await logBuild(chrome, browser.lease.pid)
})

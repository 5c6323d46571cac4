// Prints which build of the extension a test ran against and in which browser process, so a watch
// rerun can be told apart from a restart: `MATRIX-BUILD pid=<pid> version=<manifest version>`.
import type { ChromeHelpers } from 'agentprobe/vitest'

export async function logBuild(chrome: ChromeHelpers, pid: number): Promise<void> {
  const page = await chrome.openExtensionPage('manifest.json')
  const text = await chrome.evaluate<string>({ url: /\/manifest\.json$/ }, 'document.body.innerText')
  await chrome.closeTarget(page.id)
  console.log(`MATRIX-BUILD pid=${pid} version=${(JSON.parse(text) as { version: string }).version}`)
}

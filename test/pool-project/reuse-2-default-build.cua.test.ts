import { test } from 'agentprobe/vitest'

test('runs on the project build', async ({ chrome }) => {
  console.log(`REUSE file=default pid=${process.pid} id=${chrome.extensionId} at=${Date.now()}`)
})

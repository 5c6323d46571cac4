import { fileURLToPath } from 'node:url'
import { test as base } from 'agentprobe/vitest'

// Another build for this file only, the way the README says: extend, not override. In a worker that
// runs several files (isolate: false) an override at the top level would reach the files after it.
const test = base.extend('extension', { scope: 'file' }, () => fileURLToPath(new URL('../../fixtures/extensions/shortcuts', import.meta.url)))

test('runs on its own build', async ({ chrome }) => {
  console.log(`REUSE file=own pid=${process.pid} id=${chrome.extensionId} at=${Date.now()}`)
})

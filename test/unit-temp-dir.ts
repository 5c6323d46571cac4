// Each unit-test file gets a temporary folder of its own as TMPDIR (os.tmpdir() reads it), removed
// once the file's tests are done: whatever a test makes under it goes too, cleaned up or not.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

const outer = process.env.TMPDIR
const dir = mkdtempSync(join(tmpdir(), 'agentprobe-unit-'))
process.env.TMPDIR = dir

afterAll(() => {
  if (outer === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = outer
  rmSync(dir, { recursive: true, force: true })
})

import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { stillToolkitEnv } from './still-toolkit.ts'

let dir: string | undefined
afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined))

describe('stillToolkitEnv', () => {
  it('writes GTK 3 and 4 settings with animations off, in a config folder read before /etc/xdg', async () => {
    dir = await mkdtemp(join(tmpdir(), 'agentprobe-still-'))
    const env = await stillToolkitEnv(dir)
    expect(env.XDG_CONFIG_DIRS).toBe(`${join(dir, 'toolkit-config')}:/etc/xdg`)
    for (const gtk of ['gtk-3.0', 'gtk-4.0']) expect(await readFile(join(dir, 'toolkit-config', gtk, 'settings.ini'), 'utf8')).toMatch(/^\[Settings\]\ngtk-enable-animations=false$/m)
  })
})

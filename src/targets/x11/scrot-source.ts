// Captures a display we did not start (e.g. a user's `Xvfb :99`) with scrot, as PPM: the
// uncompressed format is the fastest scrot writes, and frame-encoder makes the PNG when one is asked for.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execa } from 'execa'
import { TargetError } from '../../core/errors.ts'
import { contentHash } from '../../core/frame.ts'
import { changesOf } from '../../core/screen.ts'
import { rawFrame } from '../frame-encoder.ts'
import type { CaptureSource } from './capture-source.ts'
import { failureReason } from './failure-reason.ts'
import { parsePpm } from './ppm.ts'

/** Looks at a display that refused scrot's connection, 100 ms apart. */
const RESET_ATTEMPTS = 3

/** A source for `display`; closing it removes only its temp dir. */
export async function scrotSource(display: string): Promise<CaptureSource> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-scrot-'))
  let shots = 0
  const shoot = async (signal?: AbortSignal): Promise<Buffer> => {
    const file = join(dir, `shot-${++shots}.ppm`) // one file per call: captures may overlap
    try {
      for (let attempt = 1; ; attempt++) {
        const shot = await execa('scrot', ['--overwrite', '--silent', file], { env: { DISPLAY: display }, cancelSignal: signal, reject: attempt === RESET_ATTEMPTS })
        if (!shot.failed) return await readFile(file)
        // A server with no client left resets (Xvfb without -noreset), refusing connections for a moment.
        if (!/Can't open X display/.test(shot.stderr)) throw shot
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    } catch (error) {
      signal?.throwIfAborted()
      throw new TargetError(`scrot could not capture display ${display}: ${failureReason(error)}`, { cause: error, context: { display } })
    } finally {
      await rm(file, { force: true })
    }
  }
  return {
    async capture(signal) {
      const at = Date.now()
      return rawFrame(parsePpm(await shoot(signal), `scrot capture of ${display}`), { at })
    },
    changes: (signal) => changesOf(async () => contentHash(await shoot(signal))),
    close: () => rm(dir, { recursive: true, force: true }),
  }
}

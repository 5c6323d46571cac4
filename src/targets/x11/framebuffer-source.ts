// Captures an owned Xvfb by reading its XWD framebuffer file: no X round trip, no extra process.
import { readFile } from 'node:fs/promises'
import { TargetError, errorMessage } from '../../core/errors.ts'
import { contentHash } from '../../core/frame.ts'
import { encodeRaw, type RawPixels } from '../frame-encoder.ts'
import type { CaptureSource } from './capture-source.ts'
import type { Xvfb } from './xvfb.ts'
import { parseXwdHeader, xwdByteLength, xwdPixels, type XwdHeader } from './xwd.ts'

/** Owns the Xvfb: closing the source stops it. The header is parsed again only when the file size changes. */
export function framebufferSource(xvfb: Xvfb): CaptureSource {
  let header: XwdHeader | undefined
  const read = async (signal?: AbortSignal): Promise<RawPixels> => {
    let buffer: Buffer
    try {
      buffer = await readFile(xvfb.framebufferPath, { signal })
    } catch (error) {
      signal?.throwIfAborted()
      throw new TargetError(`cannot read the framebuffer of Xvfb ${xvfb.display} (${errorMessage(error)}): has it exited?`, {
        code: 'AGENTPROBE_TARGET_CRASHED',
        cause: error,
        context: { display: xvfb.display, framebuffer: xvfb.framebufferPath },
      })
    }
    if (!header || xwdByteLength(header) !== buffer.length) header = parseXwdHeader(buffer, xvfb.framebufferPath)
    return xwdPixels(buffer, header)
  }
  return {
    async capture(signal) {
      const at = Date.now()
      return encodeRaw(await read(signal), { at })
    },
    async fingerprint(signal) {
      return contentHash((await read(signal)).data)
    },
    framebufferPath: xvfb.framebufferPath,
    close: () => xvfb.stop(),
  }
}

// Captures an owned Xvfb by reading its XWD framebuffer file: no X round trip, no extra process.
import { open } from 'node:fs/promises'
import { TargetError, errorMessage } from '../../core/errors.ts'
import { rawFrame, type RawFrame, type RawPixels } from '../frame-encoder.ts'
import type { CaptureSource } from './capture-source.ts'
import { watchDamage, type DamageWatch } from './damage-watch.ts'
import type { Xvfb } from './xvfb.ts'
import { parseXwdHeader, xwdByteLength, xwdPixels, type XwdHeader } from './xwd.ts'

/**
 * Owns the Xvfb: closing the source stops it. The header is parsed again only when the file size
 * changes. Settle compares each read with the previous one byte for byte, in two buffers it reuses
 * and hands on to the next settle: polled every 25 ms, hashing and allocating 8 MB per read cost
 * more than the comparison. A capture
 * is one read into a buffer of its own (the frame keeps it: its hash, scan and PNG come on demand);
 * a screen byte-identical to the last one captured is that frame again, stamped now, with whatever
 * of it was already computed. Both read only when the server says it drew something since their
 * last read (damage-watch.ts; the pointer is not drawn into the framebuffer): a still screen costs a
 * round trip. (Without DAMAGE they read every time.)
 */
export function framebufferSource(xvfb: Xvfb): CaptureSource {
  let header: XwdHeader | undefined
  const read = async (signal?: AbortSignal, into?: Buffer): Promise<Buffer> => {
    try {
      signal?.throwIfAborted()
      const file = await open(xvfb.framebufferPath, 'r')
      try {
        const { size } = await file.stat()
        const buffer = into?.length === size ? into : Buffer.allocUnsafe(size)
        const { bytesRead } = await file.read(buffer, 0, size, 0)
        return bytesRead === size ? buffer : buffer.subarray(0, bytesRead)
      } finally {
        await file.close()
      }
    } catch (error) {
      signal?.throwIfAborted()
      throw new TargetError(`cannot read the framebuffer of Xvfb ${xvfb.display} (${errorMessage(error)}): has it exited?`, {
        code: 'AGENTPROBE_TARGET_CRASHED',
        cause: error,
        context: { display: xvfb.display, framebuffer: xvfb.framebufferPath },
      })
    }
  }
  const pixels = (buffer: Buffer): RawPixels => {
    if (!header || xwdByteLength(header) !== buffer.length) header = parseXwdHeader(buffer, xvfb.framebufferPath)
    return xwdPixels(buffer, header)
  }
  let last: { raw: Buffer; frame: RawFrame } | undefined
  let damage: Promise<DamageWatch | undefined> | undefined
  let closed = false
  const watch = () => (closed ? undefined : (damage ??= watchDamage(xvfb.display)))
  /** The damage count when capture last read the framebuffer. */
  let captured = 0
  /**
   * The next capture's buffer. A new frame keeps the buffer it was read into, and reading 8 MB into
   * fresh memory is mostly the kernel giving it pages (26 ms at 1080p on a virtual machine, 1 ms
   * into pages already touched): so once a frame takes its buffer, the next one is read into in
   * the thread pool, off the step's path, while the caller goes on (a read error there is left for
   * the next capture's own read to report).
   */
  let ahead: Promise<Buffer | undefined> | undefined
  const readAhead = () => {
    if (!closed) ahead = read().catch(() => undefined)
  }
  /**
   * Settle's two buffers, handed on from one settle to the next: 16 MB of fresh memory a settle made
   * V8 mark the whole heap every other settle (external memory counts towards its next collection).
   */
  let settleBuffers: Buffer[] = []
  /**
   * The last captured frame's file, when nothing was drawn between that capture and the latest
   * input: the next settle's first read is compared with it (never read into: the frame keeps it).
   */
  let beforeInput: Buffer | undefined
  /** A capture `ready` began: the next capture waits for it rather than scan the same pixels again. */
  let readying: Promise<unknown> | undefined
  const capture = async (signal?: AbortSignal): Promise<RawFrame> => {
    await readying
    const at = Date.now()
    const drawn = await (await watch())?.drawnSince(captured)
    if (drawn) captured = drawn.count
    if (drawn?.drawn === false && last) return last.frame.stamp(at)
    // (taken before waiting: a capture beside this one must not read into the same buffer)
    const into = ahead
    ahead = undefined
    const raw = await read(signal, await into)
    if (last?.raw.equals(raw)) {
      ahead = Promise.resolve(raw)
      return last.frame.stamp(at)
    }
    last = { raw, frame: rawFrame(pixels(raw), { at }) }
    readAhead()
    return last.frame
  }
  return {
    capture,
    ready() {
      if (closed || readying) return
      // (the getters keep what they compute; an error is the next capture's to report)
      readying = capture()
        .then((frame) => [frame.hash, frame.phash], () => undefined)
        .finally(() => (readying = undefined))
    },
    async beforeInput() {
      beforeInput = undefined
      if (!last || closed) return
      const drawn = await (await watch())?.drawnSince(captured)
      if (drawn?.drawn === false) beforeInput = last.raw
    },
    changes(signal) {
      // (a settle beside this one holds them: this one reads into buffers of its own)
      const lent = settleBuffers.splice(0)
      const before = beforeInput
      beforeInput = undefined
      let last = before
      let spare: Buffer = lent.pop() ?? Buffer.alloc(0)
      let seen = 0
      const probe = async () => {
        const drawn = await (await watch())?.drawnSince(seen)
        if (drawn) seen = drawn.count
        if (drawn?.drawn === false && last !== undefined) return undefined
        const next = await read(signal, spare)
        const changed = last !== undefined && !next.equals(last)
        spare = (last !== before ? last : undefined) ?? lent.pop() ?? Buffer.alloc(0)
        last = next
        return changed ? (drawn?.at ?? performance.now()) : undefined
      }
      const ours = (b: Buffer | undefined): b is Buffer => b !== undefined && b !== before && b.length > 0
      return Object.assign(probe, { release: () => void (settleBuffers = [spare, last].filter(ours)) })
    },
    framebufferPath: xvfb.framebufferPath,
    close: async () => {
      closed = true
      await (await damage)?.close()
      await xvfb.stop()
    },
  }
}

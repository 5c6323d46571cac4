// Reads a LevelDB write-ahead log (a folder's NNNNNN.log), where Chrome's per-profile stores keep
// their recent writes until a compaction moves them into table files: 32 KiB blocks of framed
// records (FULL, or FIRST/MIDDLE/LAST fragments), each whole record one write batch of puts and deletes.

const BLOCK = 32 * 1024
const HEADER = 7
const [FULL, FIRST, MIDDLE, LAST] = [1, 2, 3, 4]

/** Every key the log writes, with its last value (undefined once deleted), in the order written. */
export function readLogWrites(bytes: Uint8Array, into = new Map<string, Uint8Array | undefined>()): Map<string, Uint8Array | undefined> {
  let pending: Uint8Array[] = []
  for (let block = 0; block < bytes.length; block += BLOCK) {
    const end = Math.min(block + BLOCK, bytes.length)
    for (let at = block; at + HEADER <= end; ) {
      const length = bytes[at + 4]! | (bytes[at + 5]! << 8)
      const type = bytes[at + 6]!
      // Zeros fill the end of a block; a record running past the file is still being written.
      if (type === 0 || at + HEADER + length > end) break
      const data = bytes.subarray(at + HEADER, at + HEADER + length)
      at += HEADER + length
      if (type === FULL) applyBatch(data, into)
      else if (type === FIRST) pending = [data]
      else if (type === MIDDLE) pending.push(data)
      else if (type === LAST) {
        applyBatch(concat([...pending, data]), into)
        pending = []
      }
    }
  }
  return into
}

// A batch: an 8-byte sequence number, a 4-byte count, then per entry a tag (1 put, 0 delete) and
// varint-prefixed key (and value).
function applyBatch(batch: Uint8Array, into: Map<string, Uint8Array | undefined>): void {
  const view = new DataView(batch.buffer, batch.byteOffset, batch.byteLength)
  if (batch.length < 12) return
  const count = view.getUint32(8, true)
  let at = 12
  const varint = () => {
    let value = 0
    for (let shift = 0; at < batch.length; shift += 7) {
      const byte = batch[at++]!
      value |= (byte & 0x7f) << shift
      if (byte < 0x80) return value
    }
    return -1
  }
  const bytes = () => {
    const length = varint()
    const slice = length < 0 || at + length > batch.length ? undefined : batch.subarray(at, at + length)
    at += Math.max(0, length)
    return slice
  }
  for (let i = 0; i < count && at < batch.length; i++) {
    const tag = batch[at++]
    const key = bytes()
    if (key === undefined) return
    const name = new TextDecoder().decode(key)
    into.delete(name) // re-inserted last, so the map's order is the order of the latest writes
    into.set(name, tag === 1 ? bytes() : undefined)
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

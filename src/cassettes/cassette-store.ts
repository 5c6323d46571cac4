// Cassette files beside the test file, like __snapshots__: __cua__/<file>.cassette.json, plus
// small frame thumbnails (content-addressed) so a drift can be shown side by side.
import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import sharp from 'sharp'
import { CASSETTE_VERSION, parseCassette, serializeCassette, type Cassette, type CassetteMode, type Recording } from '../core/cassette.ts'
import { ConfigError, errorMessage } from '../core/errors.ts'
import { contentHash, type Frame } from '../core/frame.ts'
import type { BrowserName } from '../targets/browser.ts'

const THUMB_WIDTH = 480

/**
 * The cassette of `testFile`. Frames differ from browser to browser, so a recording made on one is
 * never replayed on another: Firefox's is a file of its own (Chromium keeps the original name).
 */
export function cassettePathFor(testFile: string, browser?: BrowserName): string {
  const suffix = browser === undefined || browser === 'chromium' ? '' : `.${browser}`
  return join(dirname(testFile), '__cua__', `${basename(testFile)}${suffix}.cassette.json`)
}

function framesDir(cassettePath: string): string {
  return cassettePath.replace(/\.cassette\.json$/, '.frames')
}

export async function loadCassette(path: string): Promise<Cassette | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch {
    return undefined
  }
  const parsed = parseCassette(JSON.parse(text))
  if ('error' in parsed) throw new ConfigError(`${path} is not a version 1 or ${CASSETTE_VERSION} cassette: ${parsed.error}; re-record it (vitest -u)`)
  return parsed.cassette
}

/** Test name → model id → the recording that model just made. */
export type NewRecordings = Readonly<Record<string, Readonly<Record<string, Recording>>>>

/** Writes each model's new recordings over its old ones, keeping other tests and other models' recordings. */
export async function saveCassette(path: string, ran: NewRecordings): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  // Projects of several models run the same test file at once: each merges into what the other wrote.
  await withLock(`${path}.lock`, async () => {
    const old = await loadCassette(path).catch(() => undefined)
    const tests: Cassette['tests'] = { ...old?.tests }
    for (const [name, byModel] of Object.entries(ran)) tests[name] = { ...tests[name], ...byModel }
    const tmp = `${path}.${randomUUID()}.tmp`
    await writeFile(tmp, serializeCassette({ version: CASSETTE_VERSION, tests }))
    await rename(tmp, path)
  })
}

const LOCK_STALE_MS = 10_000

/** Runs `fn` holding an exclusive lock file; a lock older than a few seconds is a crashed writer's and is taken over. */
async function withLock<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await (await open(lock, 'wx')).close()
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0)
      if (age > LOCK_STALE_MS) await rm(lock, { force: true })
      else await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  try {
    return await fn()
  } finally {
    await rm(lock, { force: true })
  }
}

/** Keeps a thumbnail of a frame a decision was made on, named by its perceptual hash. */
export async function keepFrame(cassettePath: string, frame: Frame): Promise<void> {
  const dir = framesDir(cassettePath)
  await mkdir(dir, { recursive: true })
  await sharp(await frame.png()).resize({ width: THUMB_WIDTH }).png({ palette: true }).toFile(join(dir, `${contentHash(Buffer.from(frame.phash))}.png`))
}

/** recorded | live | difference, side by side; undefined when the recorded thumbnail is missing. */
export async function writeDriftImage(cassettePath: string, recordedPhash: string, live: Frame, outFile: string): Promise<string | undefined> {
  try {
    const recorded = await sharp(join(framesDir(cassettePath), `${contentHash(Buffer.from(recordedPhash))}.png`)).removeAlpha().toBuffer({ resolveWithObject: true })
    const { width, height } = recorded.info
    const now = await sharp(await live.png()).resize(width, height, { fit: 'fill' }).removeAlpha().png().toBuffer()
    const diff = await sharp(recorded.data).composite([{ input: now, blend: 'difference' }]).png().toBuffer()
    await mkdir(dirname(outFile), { recursive: true })
    await sharp({ create: { width: width * 3, height, channels: 3, background: '#ffffff' } })
      .composite([
        { input: recorded.data, left: 0, top: 0 },
        { input: now, left: width, top: 0 },
        { input: diff, left: width * 2, top: 0 },
      ])
      .png()
      .toFile(outFile)
    return outFile
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || /missing|no such file/i.test(errorMessage(error))) return undefined
    throw error
  }
}

/**
 * The mode a run uses: the one asked for; else, with `update` (vitest -u), record; under CI, replay
 * where a cassette exists (never paying for a call that was not planned) and live elsewhere
 * without writing; otherwise auto. The offline model is free and deterministic: nothing to record.
 */
export function resolveCassetteMode(o: { asked?: CassetteMode; update: boolean; ci: boolean; exists: boolean; modelId: string }): CassetteMode {
  if (o.asked) return o.asked
  if (o.update) return 'record'
  if (o.ci) return o.exists ? 'replay' : 'off'
  return o.modelId === 'offline' ? 'off' : 'auto'
}

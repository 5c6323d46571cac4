// Cassette files beside the test file, like __snapshots__: __cua__/<file>.cassette.json, plus
// small frame thumbnails (content-addressed) so a drift can be shown side by side.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import sharp from 'sharp'
import { cassetteSchema, CASSETTE_VERSION, serializeCassette, type Cassette, type CassetteCall, type CassetteMode } from '../core/cassette.ts'
import { ConfigError, errorMessage } from '../core/errors.ts'
import { contentHash, type Frame } from '../core/frame.ts'

const THUMB_WIDTH = 480

export function cassettePathFor(testFile: string): string {
  return join(dirname(testFile), '__cua__', `${basename(testFile)}.cassette.json`)
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
  const parsed = cassetteSchema.safeParse(JSON.parse(text))
  if (!parsed.success) throw new ConfigError(`${path} is not a version ${CASSETTE_VERSION} cassette: ${parsed.error.issues[0]?.message}; re-record it (vitest -u)`)
  return parsed.data
}

/** Writes the tests that ran over their old recordings, keeping the others. */
export async function saveCassette(path: string, ran: Readonly<Record<string, CassetteCall[]>>): Promise<void> {
  const old = await loadCassette(path).catch(() => undefined)
  const cassette: Cassette = { version: CASSETTE_VERSION, tests: { ...old?.tests, ...ran } }
  await mkdir(dirname(path), { recursive: true })
  await writeFile(`${path}.tmp`, serializeCassette(cassette))
  await rename(`${path}.tmp`, path)
}

/** Keeps a thumbnail of a frame a decision was made on, named by its perceptual hash. */
export async function keepFrame(cassettePath: string, frame: Frame): Promise<void> {
  const dir = framesDir(cassettePath)
  await mkdir(dir, { recursive: true })
  await sharp(frame.png).resize({ width: THUMB_WIDTH }).png({ palette: true }).toFile(join(dir, `${contentHash(Buffer.from(frame.phash))}.png`))
}

/** recorded | live | difference, side by side; undefined when the recorded thumbnail is missing. */
export async function writeDriftImage(cassettePath: string, recordedPhash: string, live: Frame, outFile: string): Promise<string | undefined> {
  try {
    const recorded = await sharp(join(framesDir(cassettePath), `${contentHash(Buffer.from(recordedPhash))}.png`)).removeAlpha().toBuffer({ resolveWithObject: true })
    const { width, height } = recorded.info
    const now = await sharp(live.png).resize(width, height, { fit: 'fill' }).removeAlpha().png().toBuffer()
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

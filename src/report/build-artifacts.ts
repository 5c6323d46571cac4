// Turns a test's saved frames into what a reviewer watches: an annotated copy of each frame and
// run.gif, in time order. Anything that goes wrong here is a warning in the trace, never a failure.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { errorMessage } from '../core/errors.ts'
import type { Trace, TraceArtifacts } from '../core/trace.ts'
import { annotateFrame, type AnnotateOptions } from './annotate-frame.ts'
import { frameNotes } from './frame-notes.ts'
import { gifShortfall } from './gif-check.ts'
import { makeGif, type GifOptions } from './make-gif.ts'

export interface ArtifactOptions {
  /** GIF settings, or false for no GIF. */
  gif?: GifOptions | false
  annotate?: Omit<AnnotateOptions, 'screen'>
}

export const GIF_FILE = 'run.gif'

/** Annotates the frames not annotated yet (`previous` holds those that are) and rebuilds the GIF when any was. */
export async function buildArtifacts(
  dir: string,
  trace: Trace,
  redact: (text: string) => string,
  previous: TraceArtifacts | undefined,
  options: ArtifactOptions = {},
): Promise<TraceArtifacts> {
  const annotated = { ...previous?.annotated }
  const warnings: string[] = []
  let added = 0
  for (const note of frameNotes(trace, redact)) {
    if (annotated[note.file]) continue
    try {
      const png = await annotateFrame(join(dir, note.file), note, { ...options.annotate, screen: trace.target })
      const file = `annotated/${note.file}`
      await mkdir(dirname(join(dir, file)), { recursive: true })
      await writeFile(join(dir, file), png)
      annotated[note.file] = file
      added++
    } catch (error) {
      warnings.push(`could not annotate ${note.file}: ${errorMessage(error)}`)
    }
  }
  // A test's end after its last agent.do often adds no frame: that GIF is already on disk. A frame
  // that could not be annotated adds none either, but its warning still counts.
  if (added === 0 && previous?.gif && options.gif !== false) return { ...previous, warnings: [...new Set([...previous.warnings, ...warnings])] }
  const inOrder = [...trace.frames].sort((a, b) => a.at - b.at).flatMap((f) => (annotated[f.file] ? [join(dir, annotated[f.file]!)] : []))
  let gif: Pick<TraceArtifacts, 'gif' | 'gifCheck'> = {}
  if (options.gif !== false && inOrder.length > 0) {
    try {
      const { check } = await makeGif(inOrder, join(dir, GIF_FILE), options.gif)
      gif = { gif: GIF_FILE, gifCheck: check }
      const shortfall = gifShortfall(check)
      if (shortfall) warnings.push(shortfall)
    } catch (error) {
      warnings.push(`GIF not built: ${errorMessage(error)}`)
    }
  }
  return { annotated, ...gif, warnings }
}

// The one way agentprobe reads an extension's manifest.json from disk: as Chrome and Firefox read
// it (comments allowed), with errors that name the file.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ConfigError, errorMessage } from '../core/errors.ts'
import { parseChromeJson } from '../core/manifest-json.ts'

export interface ReadManifest {
  /** The manifest file's path. */
  path: string
  manifest: Record<string, unknown>
}

/** Reads `dir`/manifest.json; a ConfigError (context.missing true when there is no file) naming the path. */
export async function readManifest(dir: string): Promise<ReadManifest> {
  const path = join(dir, 'manifest.json')
  return { path, manifest: await readChromeJson(path, `extension folder ${dir} has no manifest.json (looked for ${path})`) }
}

/** A JSON file Chrome reads with comments allowed (manifest.json, _locales/…/messages.json). */
export async function readChromeJson(path: string, missing = `${path} does not exist`): Promise<Record<string, unknown>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const absent = (error as NodeJS.ErrnoException).code === 'ENOENT'
    throw new ConfigError(absent ? missing : `cannot read ${path}: ${errorMessage(error)}`, { cause: error, context: { path, missing: absent } })
  }
  return parseChromeJson(text, path)
}

// What the harness reads from an extension's manifest: its name as Chrome shows it and its
// version (for traces and the letter tile), and the icon the toolbar shows (for the offline
// model's "click the extension icon").
import { join } from 'node:path'
import sharp from 'sharp'
import { ConfigError, errorMessage } from '../core/errors.ts'
import { readManifest } from '../targets/read-manifest.ts'
import { localizedName } from './localized-name.ts'

export interface ExtensionInfo {
  /** The name Chrome shows: a `__MSG_…__` placeholder resolved through the default locale. */
  name: string
  version: string
  /** The toolbar icon file, absolute: the action's icon, else the extension's, largest size. None: Chrome draws a letter tile. */
  iconPath?: string
  /** The manifest field it came from, e.g. `action.default_icon["128"]`, for messages. */
  iconField?: string
}

type IconSet = string | Record<string, string> | undefined

interface Manifest {
  name?: string
  version?: string
  default_locale?: string
  action?: { default_icon?: IconSet }
  icons?: IconSet
}

export async function readExtensionInfo(dir: string): Promise<ExtensionInfo> {
  const { path, manifest } = (await readManifest(dir)) as { path: string; manifest: Manifest }
  const icon = largestIcon(manifest.action?.default_icon, 'action.default_icon') ?? largestIcon(manifest.icons, 'icons')
  if (icon) await checkIcon(join(dir, icon.file), icon.field, path)
  return {
    name: await localizedName(dir, manifest.name ?? '', manifest.default_locale),
    version: manifest.version ?? '',
    ...(icon && { iconPath: join(dir, icon.file), iconField: icon.field }),
  }
}

function largestIcon(icons: IconSet, field: string): { file: string; field: string } | undefined {
  if (typeof icons === 'string') return { file: icons, field }
  if (!icons || typeof icons !== 'object') return undefined
  const sizes = Object.keys(icons).map(Number).filter(Number.isFinite).sort((a, b) => b - a)
  const size = sizes.find((s) => typeof icons[String(s)] === 'string')
  return size === undefined ? undefined : { file: icons[String(size)]!, field: `${field}["${size}"]` }
}

/** The icon must be an image the toolbar can show: a missing or broken file is the manifest's fault. */
async function checkIcon(file: string, field: string, manifest: string): Promise<void> {
  try {
    const { width, height } = await sharp(file).metadata()
    if (!width || !height) throw new Error('it has no pixels')
  } catch (error) {
    throw new ConfigError(`the extension's icon ${field} in ${manifest} names ${file}, which is not a readable image: ${errorMessage(error)}`, { cause: error, context: { field } })
  }
}

// What the harness reads from an extension's manifest: its version (for traces) and the icon
// the toolbar shows (for the offline model's "click the extension icon").
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ConfigError, errorMessage } from '../core/errors.ts'

export interface ExtensionInfo {
  name: string
  version: string
  /** The toolbar icon file, absolute: the action's icon, else the extension's, largest size. */
  iconPath?: string
}

type IconSet = string | Record<string, string> | undefined

export async function readExtensionInfo(dir: string): Promise<ExtensionInfo> {
  const path = join(dir, 'manifest.json')
  let manifest: { name?: string; version?: string; action?: { default_icon?: IconSet }; icons?: IconSet }
  try {
    manifest = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new ConfigError(`cannot read the extension manifest ${path}: ${errorMessage(error)}`, { cause: error })
  }
  const icon = largestIcon(manifest.action?.default_icon) ?? largestIcon(manifest.icons)
  return {
    name: manifest.name ?? '',
    version: manifest.version ?? '',
    ...(icon && { iconPath: join(dir, icon) }),
  }
}

function largestIcon(icons: IconSet): string | undefined {
  if (typeof icons === 'string') return icons
  if (!icons) return undefined
  const sizes = Object.keys(icons).map(Number).filter(Number.isFinite).sort((a, b) => b - a)
  return sizes.length ? icons[String(sizes[0])] : undefined
}

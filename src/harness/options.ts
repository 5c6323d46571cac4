// The options a user gives (plugin or CLI), and their resolved, serialisable form that travels
// from Vitest's main process to its workers.
import { isAbsolute, resolve } from 'node:path'
import type { Size } from '../core/frame.ts'
import type { ModelChoice } from './choose-model.ts'

export interface AgentprobeOptions {
  /** The unpacked extension folder (e.g. './dist'). */
  extension?: string
  /** 'offline' (default without a key), later 'openai/…', 'azure/…', 'gemini/…'. */
  model?: string
  /** An X display to use (e.g. ':99') instead of starting a private Xvfb. */
  display?: string
  /** Screen size of the private Xvfb and the browser window (default 1920×1080). */
  screen?: Size
  /** Where per-test artifacts go (default 'artifacts', relative to the project root). */
  artifactsDir?: string
  /** Chromium or Chrome executable (default: CHROME_PATH, then the first found on PATH). */
  chromePath?: string
  /** A page the browser opens first. */
  url?: string
}

export interface ResolvedOptions {
  root: string
  extension?: string
  model: ModelChoice
  display?: string
  screen: Size
  artifactsDir: string
  chromePath?: string
  url?: string
}

export const DEFAULT_SCREEN: Size = { width: 1920, height: 1080 }

export function resolvePath(root: string, path: string): string {
  return isAbsolute(path) ? path : resolve(root, path)
}

/** Values that must never be written to disk: every API key, token or secret in the environment. */
export function secretsFromEnv(env: Record<string, string | undefined>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value && /(API_KEY|TOKEN|SECRET|PASSWORD)$/i.test(name))
    .map(([, value]) => value!)
}

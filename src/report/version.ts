// agentprobe's own version, recorded in every trace next to the browser's and the extension's.
import { readFileSync } from 'node:fs'

// The same relative path from src/report and dist/report: the package root's package.json.
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }

export const AGENTPROBE_VERSION: string = pkg.version

// Command-line parsing with Node's parseArgs: unknown flags and bad values exit 2 with a
// message that names the flag.
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { didYouMean } from '../core/did-you-mean.ts'
import { ConfigError } from '../core/errors.ts'

export type FlagSpec = NonNullable<ParseArgsConfig['options']>

export function parseFlags<T extends FlagSpec>(args: string[], spec: T, command: string) {
  try {
    return parseArgs({ args, options: spec, strict: true, allowPositionals: true })
  } catch (error) {
    const message = (error as Error).message
    const unknown = /Unknown option '(--?[^']+)'/.exec(message)?.[1]
    if (unknown) {
      const hint = didYouMean(unknown.replace(/^-+/, ''), Object.keys(spec))
      throw new ConfigError(`agentprobe ${command}: unknown flag ${unknown}${hint ? ` (did you mean --${hint}?)` : ''}`)
    }
    throw new ConfigError(`agentprobe ${command}: ${message}`)
  }
}

export function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`--${flag} must be a positive integer, got "${value}"`)
  return n
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`--${flag} must be one of ${allowed.join(', ')}, got "${value}"`)
  }
  return value as T
}

/**
 * A flag that also answers to an older name (`--output-dir`, alias `--out`): one idea, one name
 * across commands, without breaking a script. Both given with different values is an error.
 */
export function aliased<T extends string | string[]>(values: Record<string, unknown>, name: string, alias: string, command: string): T | undefined {
  const main = values[name] as T | undefined
  const old = values[alias] as T | undefined
  if (main === undefined) return old
  if (old === undefined) return main
  if (Array.isArray(main) && Array.isArray(old)) return [...main, ...old] as T
  if (main !== old) throw new ConfigError(`agentprobe ${command}: --${alias} is an alias of --${name}; give one of them, not both with different values`)
  return main
}

// `agentprobe <command>`: exit 0 on success, 1 when a test fails, 2 on bad usage or input.
import { isAgentprobeError, errorMessage } from '../core/errors.ts'
import { COMMANDS, isCommand, USAGE, wantsHelp } from './usage.ts'

export type Env = Record<string, string | undefined>

export async function main(argv: string[], env: Env, out = process.stdout, err = process.stderr): Promise<number> {
  const [command, ...rest] = argv
  const print = (line: string) => out.write(`${line}\n`)
  // `agentprobe <command> --help` and `agentprobe help <command>` print that command's usage.
  const helpFor = command === 'help' ? rest[0] : wantsHelp(rest) ? command : undefined
  if (isCommand(helpFor)) {
    print(COMMANDS[helpFor])
    return 0
  }
  try {
    switch (command) {
      // Each command loads only what it needs: doctor and init start without Vitest.
      case 'run':
        return await (await import('./run-command.ts')).runCommand(rest, env, print)
      case 'doctor':
        return await (await import('./doctor-command.ts')).doctorCommand(rest, env, print)
      case 'init':
        return await (await import('./init-command.ts')).initCommand(rest, print)
      case 'bench':
        return await (await import('./bench-command.ts')).benchCommand(rest, env, print)
      case 'report':
        return await (await import('./report-command.ts')).reportCommand(rest, env, print)
      case 'history':
        return await (await import('./history-command.ts')).historyCommand(rest, env, print)
      case 'compare':
        return await (await import('./compare-command.ts')).compareCommand(rest, env, print)
      case 'help':
        if (rest[0] !== undefined) {
          err.write(`agentprobe help: unknown command "${rest[0]}"\n\n${USAGE}\n`)
          return 2
        }
        out.write(`${USAGE}\n`)
        return 0
      case undefined:
      case '--help':
      case '-h':
        out.write(`${USAGE}\n`)
        return command === undefined ? 2 : 0
      default:
        err.write(`agentprobe: unknown command "${command}"\n\n${USAGE}\n`)
        return 2
    }
  } catch (error) {
    const config = isAgentprobeError(error) && (error.code === 'AGENTPROBE_CONFIG' || error.code === 'AGENTPROBE_CASE_INVALID')
    err.write(`agentprobe: ${errorMessage(error)}\n`)
    return config ? 2 : 1
  }
}

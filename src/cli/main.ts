// `agentprobe <command>`: exit 0 on success, 1 when a test fails, 2 on bad usage or input.
import { isAgentprobeError, errorMessage } from '../core/errors.ts'
import { runCommand } from './run-command.ts'

const USAGE = `Usage: agentprobe <command> [flags]

Commands:
  run     Run case files against a browser extension
          --target browser --extension DIR --case FILE.yaml [--case …] --output-dir DIR
          [--model ID] [--max-steps N] [--url URL]

Environment: DISPLAY (use this X display instead of a private Xvfb), CHROME_PATH, AGENTPROBE_MODEL.`

export type Env = Record<string, string | undefined>

export async function main(argv: string[], env: Env, out = process.stdout, err = process.stderr): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'run':
        return await runCommand(rest, env, (line) => out.write(`${line}\n`))
      case undefined:
      case 'help':
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

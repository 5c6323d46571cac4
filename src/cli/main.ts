// `agentprobe <command>`: exit 0 on success, 1 when a test fails, 2 on bad usage or input.
import { isAgentprobeError, errorMessage } from '../core/errors.ts'

const USAGE = `Usage: agentprobe <command> [flags]

Commands:
  run     Run case files (YAML, JSON or TypeScript) against a browser extension
          --target browser|android --extension DIR --case FILE|FOLDER|GLOB [--case …] --output-dir DIR
          [--model ID] [--max-steps N] [--url URL] [--avd NAME] [--include-xml]
          [--cassette FILE] [--cassette-mode auto|replay|record|off]
  doctor  Check this machine and the extension; one line per check with its fix
          [--extension DIR] [--target browser|android] [--check-model [--model ID]]
  init    Add a vitest config, an example *.cua.test.ts, a case file and a workflow to this repo
          [--extension DIR] [--force]
  bench   The benchmark: every case's good and mutant build × repeat against every model, scored
          --models A,B,… [--cases GLOB] [--repeats N] [--estimate] [--max-spend-usd X]
          [--out DIR (default artifacts/bench)] [--workers N (default 2)]
  report  Rebuild the HTML report and Markdown summary from the traces under DIR (default artifacts)
          [DIR] [--out DIR] [--title TEXT]

Environment: DISPLAY (use this X display instead of a private Xvfb), CHROME_PATH, AGENTPROBE_MODEL,
AGENTPROBE_CASSETTE (a cassette mode), CI (replay where a cassette exists).
Model keys (the first set is used when no model is named): AZURE_CUA_API_KEY + AZURE_CUA_BASE_URL
[+ AZURE_CUA_MODEL], OPENAI_API_KEY [+ OPENAI_BASE_URL], GEMINI_API_KEY; openai-compatible/<model>
needs AGENTPROBE_BASE_URL [+ AGENTPROBE_API_KEY].`

export type Env = Record<string, string | undefined>

export async function main(argv: string[], env: Env, out = process.stdout, err = process.stderr): Promise<number> {
  const [command, ...rest] = argv
  const print = (line: string) => out.write(`${line}\n`)
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
        return await (await import('./report-command.ts')).reportCommand(rest, print)
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

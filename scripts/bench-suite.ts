#!/usr/bin/env node
// The benchmark's acceptance run, keyless: starts the model double, points openai-compatible
// models at it, and runs `agentprobe bench` on the whole suite with the offline model and the
// double's good and looping variants. Arguments are passed through (e.g. --repeats 2, --out DIR,
// --cases 'bench/cases/popup.ts'); a --models given here replaces the default list.
import { main } from '../src/cli/main.ts'
import { startModelDouble } from '../fixtures/model-double/index.ts'

const MODELS = 'offline,openai-compatible/double-good,openai-compatible/double-looping'
const KEY = 'sk-bench-double-0123456789'

const double = await startModelDouble({ apiKey: KEY })
// The workers read the variables from this process's environment.
process.env.AGENTPROBE_BASE_URL = double.url
process.env.AGENTPROBE_API_KEY = KEY
try {
  process.exitCode = await main(['bench', '--models', MODELS, ...process.argv.slice(2)], process.env)
} finally {
  await double.close()
}

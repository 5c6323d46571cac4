// A busy core beside the tests that must hold under load. In a full suite the machine is already
// loaded past its cores, and a burner there only slows every other file (and their timeouts): it
// starts only while the load is below the core count, so these tests always run with a full core's
// worth of load beside them, from the burner or from the suite.
import { spawn } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'

/** One core kept busy, ending by itself after 30 minutes should its test be killed. */
const BURN = 'const end = Date.now() + 1_800_000; while (Date.now() < end) {}'

/** Starts a burner unless the machine is already loaded; returns its stop (for the test's end too) and what it chose. */
export function loadTheMachine(): { stop: () => void; said: string } {
  const load = loadavg()[0]!
  const cores = availableParallelism()
  if (load >= cores) return { stop: () => undefined, said: `load ${load.toFixed(1)} on ${cores} cores: loaded already, no burner` }
  const burner = spawn(process.execPath, ['-e', BURN], { stdio: 'ignore' })
  return { stop: () => void burner.kill(), said: `load ${load.toFixed(1)} on ${cores} cores: a burner beside it` }
}

import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { main } from './main.ts'
import { COMMANDS } from './usage.ts'

/** Runs the CLI's entry with captured output. */
async function cli(...argv: string[]) {
  let stdout = ''
  let stderr = ''
  const sink = (write: (text: string) => void) => new Writable({ write: (chunk, _encoding, done) => (write(String(chunk)), done()) })
  const code = await main(argv, {}, sink((t) => (stdout += t)) as unknown as typeof process.stdout, sink((t) => (stderr += t)) as unknown as typeof process.stderr)
  return { code, stdout, stderr }
}

describe('agentprobe --help', () => {
  it.each(Object.keys(COMMANDS))('%s --help, -h and help %s print that command\'s usage and exit 0, running nothing', async (command) => {
    for (const argv of [[command, '--help'], [command, '-h'], ['help', command], [command, '--extension', 'nowhere', '--help']]) {
      const r = await cli(...argv)
      expect(r, argv.join(' ')).toMatchObject({ code: 0, stderr: '' })
      expect(r.stdout).toContain(`Usage: agentprobe ${command}`)
      expect(r.stdout).toContain(COMMANDS[command as keyof typeof COMMANDS])
    }
  })

  it('lists every command, each with its one-line summary', async () => {
    const r = await cli('--help')
    expect(r.code).toBe(0)
    for (const command of Object.keys(COMMANDS)) expect(r.stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'))
    expect(r.stdout).toContain('agentprobe <command> --help')
  })

  it('documents --out and --cases as aliases, and --output-dir wherever a command writes a folder', () => {
    for (const command of ['run', 'bench', 'report'] as const) expect(COMMANDS[command]).toContain('--output-dir DIR')
    expect(COMMANDS.bench).toContain('--out is an alias')
    expect(COMMANDS.bench).toContain('--cases is an alias')
    expect(COMMANDS.report).toContain('--out is an alias')
  })

  it('a flag after -- is an argument, not a request for help; help for an unknown command exits 2', async () => {
    expect((await cli('report', '--', '--help')).code).toBe(2)
    const unknown = await cli('help', 'frobnicate')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('agentprobe help: unknown command "frobnicate"')
  })
})

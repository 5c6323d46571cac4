import { expect, it } from 'vitest'
import { aliased, parseFlags } from './args.ts'

const FLAGS = { 'output-dir': { type: 'string' }, out: { type: 'string' }, case: { type: 'string', multiple: true }, cases: { type: 'string', multiple: true } } as const

it('an alias answers for its flag; both with different values is an error naming both', () => {
  const values = (args: string[]) => parseFlags(args, FLAGS, 'bench').values
  expect(aliased(values(['--out', 'a']), 'output-dir', 'out', 'bench')).toBe('a')
  expect(aliased(values(['--output-dir', 'b']), 'output-dir', 'out', 'bench')).toBe('b')
  expect(aliased(values(['--output-dir', 'b', '--out', 'b']), 'output-dir', 'out', 'bench')).toBe('b')
  expect(aliased(values([]), 'output-dir', 'out', 'bench')).toBeUndefined()
  expect(() => aliased(values(['--output-dir', 'b', '--out', 'a']), 'output-dir', 'out', 'bench')).toThrow('agentprobe bench: --out is an alias of --output-dir; give one of them, not both with different values')
  expect(aliased(values(['--case', 'x', '--cases', 'y', '--case', 'z']), 'case', 'cases', 'bench')).toEqual(['x', 'z', 'y'])
})

import { expect, it } from 'vitest'
import { replay } from './render-test.ts'

const base = { mode: 'auto' as const, file: 'x', replayedSteps: 0, liveSteps: 0, replayedVerdicts: 0, liveVerdicts: 0, savedUsd: 0 }

it('says whether a test ran live, replayed, or partly replayed, and what that saved', () => {
  expect(replay({ ...base, mode: 'record', liveSteps: 4 })).toBe('live (cassette: record)')
  expect(replay({ ...base, mode: 'replay', replayedSteps: 3, replayedVerdicts: 1, savedUsd: 0.04 })).toBe('replayed: 4 model calls saved, $0.04')
  expect(replay({ ...base, replayedSteps: 1, liveSteps: 3, savedUsd: 0.0048 })).toBe('partly replayed (3 live calls): 1 model call saved, $0.0048')
})

it('names the model whose recording replayed', () => {
  expect(replay({ ...base, mode: 'replay', recordedBy: 'openai/gpt-5.4', replayedSteps: 2, savedUsd: 0.02 })).toBe("replayed from openai/gpt-5.4's recording: 2 model calls saved, $0.02")
})

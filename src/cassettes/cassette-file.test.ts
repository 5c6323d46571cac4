import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { pngFrame, type Frame } from '../core/frame.ts'
import type { Model } from '../core/model.ts'
import { ScriptedModel } from '../testing/scripted-model.ts'
import { CassetteFile, type CassetteSettings } from './cassette-file.ts'

const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#404040' } }).png().toBuffer()
const frame: Frame = pngFrame(png, { width: 8, height: 8, hash: 'h', phash: '40'.repeat(48 * 27), at: 0 })
const yes = (evidence: string) => new ScriptedModel([], [{ answer: 'YES', evidence, usage: { costUsd: 0.01 } }, { answer: 'YES', evidence }], evidence)
/** A model that must not be called: a run with no key, or one that should replay. */
const noLive = (id: string): Model => ({ id, next: () => Promise.reject(new Error(`${id} called live`)), verify: () => Promise.reject(new Error(`${id} called live`)), query: () => Promise.reject(new Error(`${id} called live`)), locate: () => Promise.reject(new Error(`${id} called live`)) })
const noKey = noLive('offline')

async function folder(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'agentprobe-cassette-file-')), 'a.cua.test.ts.cassette.json')
}

/** One test that asks one question, through a fresh CassetteFile as a new run would. */
async function ask(path: string, settings: Partial<CassetteSettings>, base: Model) {
  const file = new CassetteFile(path, { update: false, ci: false, ...settings })
  const use = await file.modelFor('opens', base, { artifactDir: join(path, '..', 'artifacts'), secrets: {} })
  const verdict = await use.model.verify('open?', frame)
  file.done('opens', use.model, use.mode)
  await file.save()
  return { ...use, verdict, summary: file.summary(use.model, use.mode) }
}

describe('CassetteFile: recordings belong to a model', () => {
  it('two models each record their own; switching models re-records instead of replaying', async () => {
    const path = await folder()
    expect((await ask(path, { mode: 'auto' }, yes('openai/gpt-5.4'))).summary).toMatchObject({ liveVerdicts: 1, replayedVerdicts: 0 })
    const other = await ask(path, { mode: 'auto' }, yes('gemini/gemini-2.5-flash'))
    expect(other.verdict.evidence).toBe('gemini/gemini-2.5-flash')
    expect(other.summary).toMatchObject({ liveVerdicts: 1, replayedVerdicts: 0 })
    const saved = JSON.parse(await readFile(path, 'utf8'))
    expect(saved.version).toBe(2)
    expect(Object.keys(saved.tests.opens)).toEqual(['gemini/gemini-2.5-flash', 'openai/gpt-5.4'])
    const again = await ask(path, { mode: 'auto' }, noLive('openai/gpt-5.4'))
    expect(again.summary).toMatchObject({ replayedVerdicts: 1, liveVerdicts: 0, recordedBy: 'openai/gpt-5.4' })
  })

  it('in replay with no key, replays the one recording and says whose; with several, the one cassetteModel names', async () => {
    const path = await folder()
    await ask(path, { mode: 'record' }, yes('openai/gpt-5.4'))
    const one = await ask(path, { ci: true }, noKey)
    expect(one).toMatchObject({ mode: 'replay', replaysOtherModel: 'openai/gpt-5.4', summary: { recordedBy: 'openai/gpt-5.4', replayedVerdicts: 1 } })
    expect(one.model.id).toBe('openai/gpt-5.4')
    await ask(path, { mode: 'record' }, yes('gemini/gemini-2.5-flash'))
    await expect(ask(path, { ci: true }, noKey)).rejects.toThrow(/by gemini\/gemini-2.5-flash, openai\/gpt-5.4 and none by offline: set cassetteModel/)
    expect((await ask(path, { ci: true, model: 'gemini/gemini-2.5-flash' }, noKey)).verdict.evidence).toBe('gemini/gemini-2.5-flash')
  })

  it('replays a version 1 cassette as the recording of the model it names', async () => {
    const path = await folder()
    const usage = { inputTokens: 1, cachedTokens: 0, outputTokens: 1, costUsd: 0.01 }
    const v1 = { version: 1, tests: { opens: [{ kind: 'verify', model: 'azure/gpt-5.4', question: 'open?', phash: frame.phash, answer: 'NO', evidence: 'recorded', usage }] } }
    await writeFile(path, JSON.stringify(v1))
    const replayed = await ask(path, { ci: true }, noKey)
    expect(replayed).toMatchObject({ replaysOtherModel: 'azure/gpt-5.4', verdict: { answer: 'NO', evidence: 'recorded' } })
    const live = await ask(path, { mode: 'auto' }, yes('openai/gpt-5.4'))
    expect(live.summary).toMatchObject({ liveVerdicts: 1, replayedVerdicts: 0 })
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')).tests.opens)).toEqual(['azure/gpt-5.4', 'openai/gpt-5.4'])
  })
})

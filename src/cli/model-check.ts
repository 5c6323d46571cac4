// `agentprobe doctor --check-model`: one tiny verification call on a small rendered image, so a
// wrong key, URL or model name shows before a suite spends minutes finding out.
import sharp from 'sharp'
import { errorMessage } from '../core/errors.ts'
import { Locator } from '../grounding/locate.ts'
import { chooseModel } from '../model-choice/choose-model.ts'
import { createModel } from '../model-choice/create-model.ts'
import { encodePng } from '../targets/frame-encoder.ts'
import type { Check } from './check.ts'

const TEXT = 'agentprobe doctor'

export async function checkModel(flag: string | undefined, env: Record<string, string | undefined>, extension: string | undefined): Promise<Check> {
  const fix = 'set --model or AGENTPROBE_MODEL and the provider key (see README: How a model is chosen)'
  const locator = new Locator()
  try {
    const choice = chooseModel({ flag, env })
    const model = await createModel(choice, { extension, locator, env })
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120"><rect width="100%" height="100%" fill="white"/><text x="24" y="72" font-family="DejaVu Sans, sans-serif" font-size="36">${TEXT}</text></svg>`
    const frame = await encodePng(await sharp(Buffer.from(svg)).png().toBuffer())
    const started = performance.now()
    const verdict = await model.verify(`Does the image show the text '${TEXT}'?`, frame, { signal: AbortSignal.timeout(60_000) })
    const ms = Math.round(performance.now() - started)
    return {
      name: 'model',
      status: verdict.answer === 'YES' ? 'ok' : 'warn',
      detail: `${model.id} (${choice.reason}) answered ${verdict.answer} in ${ms} ms: ${verdict.evidence.slice(0, 80)}`,
      fix: `the model reached answered NO on a plain image of '${TEXT}'; try another model`,
    }
  } catch (error) {
    return { name: 'model', status: 'fail', detail: errorMessage(error).split('\n')[0]!, fix }
  } finally {
    await locator.close()
  }
}

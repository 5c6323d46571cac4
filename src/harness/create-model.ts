// Builds the Model a choice names. The offline model gets the extension's toolbar icon, so
// "click the extension icon" can be grounded by template matching.
import { readFile } from 'node:fs/promises'
import type { Model } from '../core/model.ts'
import type { Locator } from '../grounding/locate.ts'
import { OfflineModel } from '../models/offline/offline-model.ts'
import { assertKnownModel, type ModelChoice } from './choose-model.ts'
import { readExtensionInfo } from './extension-info.ts'

export interface ModelContext {
  extension?: string
  locator: Locator
}

export async function createModel(choice: ModelChoice, { extension, locator }: ModelContext): Promise<Model> {
  assertKnownModel(choice.id, choice.reason)
  const iconPath = extension ? (await readExtensionInfo(extension)).iconPath : undefined
  return new OfflineModel({ locator, extensionIcon: iconPath ? await readFile(iconPath) : undefined })
}

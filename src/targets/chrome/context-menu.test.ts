import { describe, expect, it } from 'vitest'
import { registeredContextMenu } from './context-menu.ts'

describe('registeredContextMenu', () => {
  it('names the option when waitFor is not a title', async () => {
    // As a JavaScript test file can pass it: `contextMenu({ waitFor: true })`.
    const options = { waitFor: true } as unknown as { waitFor: string }
    await expect(registeredContextMenu('profile', 'abcdefghijklmnopabcdefghijklmnop', options)).rejects.toThrow('contextMenu({ waitFor }) takes an item\'s title, a string or a RegExp; got true')
  })

  it('says which extension is missing before it reads anything', async () => {
    await expect(registeredContextMenu('profile', undefined)).rejects.toThrow('contextMenu() needs an extension, but none was loaded')
  })
})

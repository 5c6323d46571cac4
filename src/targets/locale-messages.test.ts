import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { localeGap, localeMessages } from './locale-messages.ts'

async function extension(locales: Record<string, string[]>, defaultLocale: string | null = 'en'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-locales-'))
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: '__MSG_name__', version: '1.0', ...(defaultLocale && { default_locale: defaultLocale }) }))
  for (const [locale, names] of Object.entries(locales)) {
    await mkdir(join(dir, '_locales', locale), { recursive: true })
    await writeFile(join(dir, '_locales', locale, 'messages.json'), JSON.stringify(Object.fromEntries(names.map((n) => [n, { message: n }]))))
  }
  return dir
}

it("lists each locale's missing messages against the default locale, names compared as Chrome does (any case)", async () => {
  const messages = await localeMessages(await extension({ en: ['name', 'save', 'saved'], de: ['name', 'Save', 'saved'], ar: ['name', 'save'] }))
  expect(messages).toEqual({ defaultLocale: 'en', locales: ['ar', 'de', 'en'], missing: { ar: ['saved'] } })
  expect(localeGap(messages!, 'ar')).toBe("_locales/ar/messages.json lacks 'saved': Chromium shows the en text there")
  expect(localeGap(messages!, 'de-AT')).toBeUndefined()
  expect(localeGap(messages!, 'ja')).toBe('the extension ships no _locales/ja: it shows its default_locale (en) text')
})

it('says nothing for an extension without default_locale', async () => {
  expect(await localeMessages(await extension({}, null))).toBeUndefined()
})

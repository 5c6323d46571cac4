import { describe, expect, it } from 'vitest'
import { chromeArgs, chromeEnv } from './chrome-args.ts'

const base = { userDataDir: '/profiles/test', size: { width: 1280, height: 720 } }

describe('chromeArgs', () => {
  it('sizes the window to the screen and picks the debugging port itself', () => {
    const args = chromeArgs(base)
    expect(args).toContain('--window-size=1280,720')
    expect(args).toContain('--window-position=0,0')
    expect(args).toContain('--remote-debugging-port=0')
    expect(args).toContain('--user-data-dir=/profiles/test')
  })

  it('at a device scale factor, forces it and sizes the window in CSS pixels so that it still fills the screen', () => {
    const args = chromeArgs({ ...base, deviceScaleFactor: 2 })
    expect(args).toContain('--force-device-scale-factor=2')
    expect(args).toContain('--window-size=640,360')
    expect(chromeArgs(base).some((arg) => arg.startsWith('--force-device-scale-factor'))).toBe(false)
  })

  it('keeps pages at the default motion preference, which the still toolkit would turn to reduce', () => {
    expect(chromeArgs(base)).toContain('--force-prefers-no-reduced-motion')
  })

  it("does not preload the address bar's WebUI popup or a spare renderer, and keeps the features a user disables too", () => {
    expect(chromeArgs(base)).toContain('--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess')
    const args = chromeArgs({ ...base, args: ['--disable-features=Translate,MediaRouter', '--mute-audio'] })
    expect(args.filter((arg) => arg.startsWith('--disable-features='))).toEqual(['--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess,Translate,MediaRouter'])
    expect(args).toContain('--mute-audio')
  })

  it('runs the network service in the browser process, and keeps the features a user enables too', () => {
    expect(chromeArgs(base)).toContain('--enable-features=NetworkServiceInProcess2')
    const args = chromeArgs({ ...base, args: ['--enable-features=WebUIDarkMode', '--enable-features=Vulkan'] })
    expect(args.filter((arg) => arg.startsWith('--enable-features='))).toEqual(['--enable-features=NetworkServiceInProcess2,WebUIDarkMode,Vulkan'])
  })

  it('loads the extension only when one is given', () => {
    expect(chromeArgs(base).some((arg) => arg.startsWith('--load-extension'))).toBe(false)
    expect(chromeArgs({ ...base, extensionPath: '/srv/ext' })).toContain('--load-extension=/srv/ext')
  })

  it('puts user flags after the defaults and the URL last', () => {
    const args = chromeArgs({ ...base, url: 'https://example.test/', args: ['--lang=de'] })
    expect(args.at(-1)).toBe('https://example.test/')
    expect(args.at(-2)).toBe('--lang=de')
    expect(chromeArgs(base).at(-1)).toBe('about:blank')
  })

  it('sets the UI language through LANGUAGE as well as --lang, and dark through --force-dark-mode', () => {
    expect(chromeArgs({ ...base, locale: 'pt-BR', colorScheme: 'dark' })).toEqual(expect.arrayContaining(['--lang=pt-BR', '--force-dark-mode']))
    expect(chromeEnv('pt-BR')).toEqual({ LANGUAGE: 'pt_BR' })
    expect(chromeEnv(undefined)).toEqual({})
    expect(chromeArgs({ ...base, colorScheme: 'light' }).filter((arg) => /lang|dark/.test(arg))).toEqual([])
  })
})

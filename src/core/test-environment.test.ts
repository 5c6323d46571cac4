import { expect, it } from 'vitest'
import { assertNodeEnvironment, browserLikeGlobal } from './test-environment.ts'

it('sees Node as Node, and names the global of jsdom, happy-dom and edge-runtime', () => {
  expect(browserLikeGlobal()).toBeUndefined()
  expect(browserLikeGlobal({ document: {}, window: {} })).toBe('document (jsdom or another DOM environment)')
  expect(browserLikeGlobal({ document: {}, window: { happyDOM: {} } })).toBe('happyDOM (happy-dom)')
  expect(browserLikeGlobal({ EdgeRuntime: 'edge-runtime' })).toBe('EdgeRuntime (edge-runtime)')
})

it('fails at once, saying to run the file in the cua project', () => {
  expect(() => assertNodeEnvironment(undefined)).not.toThrow()
  expect(() => assertNodeEnvironment('panel.cua.test.ts', { document: {} })).toThrow(
    /^agentprobe: panel\.cua\.test\.ts runs in a browser-like Vitest environment \(it defines document .*\)\. Computer-use tests run in Node: keep \*\.cua\.test\.ts files in the `cua` project .*@vitest-environment node/,
  )
})

import { parseModule } from 'magicast'
import { describe, expect, it } from 'vitest'
import { addAgentprobePlugin, pluginCall } from './config-edit.ts'
import { hasTestKey } from './config-object.ts'

const edit = (code: string) => addAgentprobePlugin(code, { extension: './dist' })
/** The edited text, which must parse again. */
function edited(code: string): string {
  const result = edit(code)
  if (result.kind !== 'edited') throw new Error(`not edited: ${JSON.stringify(result)}`)
  expect(() => parseModule(result.code)).not.toThrow()
  expect(edit(result.code)).toEqual({ kind: 'present' })
  return result.code
}
const PLUGIN = "agentprobe({ extension: './dist' })"

describe('adding the agentprobe plugin to a config', () => {
  it('defineConfig from vitest/config: the import after the others, the plugin appended, the rest as written', () => {
    const code = `import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// keep me
export default defineConfig({
  plugins: [react()],
  test: { environment: 'jsdom' },
})
`
    const out = edited(code)
    expect(out).toBe(`import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { agentprobe } from 'agentprobe/plugin'

// keep me
export default defineConfig({
  plugins: [react(), ${PLUGIN}],
  test: { environment: 'jsdom' },
})
`)
  })

  it('a plain object with no plugins key gets one; double quotes and semicolons are kept', () => {
    const out = edited(`import { something } from "./x";\n\nexport default {\n  test: { globals: true },\n};\n`)
    expect(out).toContain(`import { agentprobe } from "agentprobe/plugin";\n`)
    expect(out).toMatch(/plugins: \[agentprobe\(\{ extension: '\.\/dist' \}\)\]/)
    expect(out).toContain('globals: true')
  })

  it('a file with no imports gets the import at the top', () => {
    expect(edited('export default { test: {} }\n')).toMatch(/^import \{ agentprobe \} from 'agentprobe\/plugin'\n/)
  })

  it('CommonJS: module.exports with require gets a require', () => {
    const out = edited(`const { defineConfig } = require('vitest/config')\n\nmodule.exports = defineConfig({\n  test: {},\n})\n`)
    expect(out).toContain("const { defineConfig } = require('vitest/config')\nconst { agentprobe } = require('agentprobe/plugin')\n")
    expect(out).toContain(PLUGIN)
    expect(out).not.toContain('import ')
  })

  it('a vite.config with a test key, a typed satisfies, and test.projects: the plugin goes to the root', () => {
    const code = `import { defineConfig } from 'vite'
import { crx } from '@crxjs/vite-plugin'
import manifest from './manifest.json'

export default defineConfig({
  plugins: [crx({ manifest })],
  test: {
    projects: [{ test: { name: 'unit', include: ['src/**/*.test.ts'] } }],
  },
})
`
    expect(hasTestKey(code)).toBe(true)
    const out = edited(code)
    expect(out).toContain(`plugins: [crx({ manifest }), ${PLUGIN}]`)
    expect(out).toContain("projects: [{ test: { name: 'unit', include: ['src/**/*.test.ts'] } }]")
    expect(hasTestKey("import { defineConfig } from 'vite'\nexport default defineConfig({ plugins: [] })\n")).toBe(false)
  })

  it('mergeConfig(viteConfig, defineConfig({...})): the plugin goes into the part written here', () => {
    const out = edited(`import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config'

export default mergeConfig(viteConfig, defineConfig({
  test: { environment: 'node' },
}))
`)
    expect(out).toMatch(/defineConfig\(\{\s+plugins: \[agentprobe\(\{ extension: '\.\/dist' \}\)\],\s+test: \{ environment: 'node' \},/)
  })

  it('function forms and a constant: defineConfig(() => ({...})), a block body, export default config', () => {
    expect(edited("import { defineConfig } from 'vitest/config'\nexport default defineConfig(({ mode }) => ({ test: { mode } }))\n")).toContain(PLUGIN)
    expect(edited("import { defineConfig } from 'vitest/config'\nexport default defineConfig(() => {\n  const x = 1\n  return { test: { x } }\n})\n")).toContain(PLUGIN)
    expect(edited("import { defineConfig } from 'vitest/config'\nconst config = defineConfig({ test: {} }) satisfies object\nexport default config\n")).toMatch(/const config = defineConfig\(\{[\s\S]*agentprobe\(/)
  })

  it('a comment above the call, when given', () => {
    const result = addAgentprobePlugin('export default { plugins: [] }\n', { extension: './.output/chrome-mv3', comments: ['built by `npm run build` (wxt build)'] })
    expect(result.kind === 'edited' && result.code).toContain("// built by `npm run build` (wxt build)\n")
    expect(result.kind === 'edited' && result.code).toContain("agentprobe({ extension: './.output/chrome-mv3' })")
  })

  it('twice: nothing added the second time; an import without a call gets only the call', () => {
    expect(edit("import { agentprobe } from 'agentprobe/plugin'\nexport default { plugins: [agentprobe()] }\n")).toEqual({ kind: 'present' })
    const out = edited("import { agentprobe } from 'agentprobe/plugin'\nexport default { test: {} }\n")
    expect(out.match(/agentprobe\/plugin/g)).toHaveLength(1)
  })

  it('says why where it cannot edit safely', () => {
    const reason = (code: string) => {
      const result = edit(code)
      return result.kind === 'unsupported' ? result.reason : `edited: ${JSON.stringify(result)}`
    }
    expect(reason('export default {\n  test: {,\n}\n')).toMatch(/^it does not parse/)
    expect(reason("import { make } from './make'\nexport default make({ test: {} })\n")).toBe('its config comes from a call to make(...) that init cannot see into')
    expect(reason("import base from './base'\nexport default base\n")).toBe('its default export `base` is not declared in the file')
    expect(reason("export default await load()\n")).toBe('its config is awaited')
    expect(reason("import base from './b'\nexport default { ...base, test: {} }\n")).toBe('its config spreads another object, whose plugins a new `plugins` key would replace')
    expect(reason("import p from './p'\nexport default { plugins: p }\n")).toBe('its `plugins` is not an array written in the file')
    expect(reason("export const config = {}\n")).toBe('it has no `export default` or `module.exports =`')
  })
})

describe('a new plugins key', () => {
  it('goes on a line of its own above the first key (and its comment), indented like it, the rest untouched', () => {
    const code = "export default {\n\t// unit tests\n\ttest: {\n\t\tglobals: true,\n\t},\n}\n"
    expect(edited(code)).toBe("import { agentprobe } from 'agentprobe/plugin'\nexport default {\n\tplugins: [agentprobe({ extension: './dist' })],\n\t// unit tests\n\ttest: {\n\t\tglobals: true,\n\t},\n}\n")
    const commented = addAgentprobePlugin("export default {\n  test: {},\n}\n", { extension: './dist', comments: ['built by `npm run build` (vite build)'] })
    expect(commented.kind === 'edited' && commented.code).toContain("  // built by `npm run build` (vite build)\n  plugins: [agentprobe({ extension: './dist' })],\n  test: {},\n")
  })
})

describe('the plugin call', () => {
  it('names the browsers before the languages, each only when given', () => {
    expect(pluginCall({ extension: './dist' })).toBe("agentprobe({ extension: './dist' })")
    expect(pluginCall({ extension: './dist', browsers: ['chromium', 'firefox'], locales: ['en', 'de'] })).toBe("agentprobe({ extension: './dist', browsers: ['chromium', 'firefox'], locales: ['en', 'de'] })")
  })
})

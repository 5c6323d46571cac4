// Registered by the plugin as a setup file, so the matchers exist in every test file. Each test
// file's worker loads agentprobe's modules afresh (~500, with their dependencies); with Node's
// compile cache turned on first, as the CLI does, they come compiled from it after the first run.
// Turned on before the matchers are imported, so that their modules are among those cached (a
// static import is compiled before any of this file runs). NODE_COMPILE_CACHE names the folder;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off, and so does a V8 coverage run (cua-plugin.ts).
import { enableCompileCache } from 'node:module'
import { inject } from 'vitest'

if (inject('agentprobe:compileCache')) enableCompileCache()
await import('./matchers.ts')

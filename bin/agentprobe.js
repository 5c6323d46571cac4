#!/usr/bin/env node
// Modules come from Node's compile cache after the first run (as tsc and eslint do): a faster start.
import { enableCompileCache } from 'node:module'

enableCompileCache()
const { main } = await import('../dist/cli/main.js')
process.exitCode = await main(process.argv.slice(2), process.env)

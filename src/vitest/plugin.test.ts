import { expect, it } from 'vitest'
import { agentprobe } from './plugin.ts'

it('refuses browser and browsers together, naming both fields', () => {
  expect(() => agentprobe({ browser: 'firefox', browsers: ['chromium', 'firefox'] })).toThrow(/plugin options browser \("firefox"\) and browsers \(\["chromium","firefox"\]\) were both given/)
})

it('checks each browser of browsers, and that there is one', () => {
  expect(() => agentprobe({ browsers: ['chromium', 'safari' as never] })).toThrow(/the plugin option browsers\[1\] must be one of chromium, firefox, got "safari"/)
  expect(() => agentprobe({ browsers: [] })).toThrow(/browsers must name one browser or more/)
  expect(agentprobe({ browsers: ['firefox'] }).name).toBe('agentprobe')
})

it('checks each factor of deviceScaleFactors, naming the one it refuses', () => {
  expect(() => agentprobe({ deviceScaleFactors: [2, 3] })).toThrow(/the plugin option deviceScaleFactors\[1\] must be one of 1, 1\.25, 1\.5, 2 \(device pixels per CSS pixel\), got 3/)
  expect(() => agentprobe({ deviceScaleFactors: 2 as never })).toThrow(/deviceScaleFactors must be a list such as \[1, 2\], got 2/)
  expect(agentprobe({ deviceScaleFactors: [1, 2] }).name).toBe('agentprobe')
})

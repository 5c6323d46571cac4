import { expect, it } from 'vitest'
import { AfterTest } from './after-test.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

it('runs tasks one at a time, in the order queued, and drain waits for all', async () => {
  const after = new AfterTest()
  const log: string[] = []
  let running = 0
  for (const name of ['a', 'b', 'c']) {
    after.add(name, async () => {
      running++
      expect(running).toBe(1)
      await tick()
      log.push(name)
      running--
    })
  }
  expect(log).toEqual([])
  await after.drain()
  expect(log).toEqual(['a', 'b', 'c'])
})

it('keeps going past a failed task, and drain names it once', async () => {
  const after = new AfterTest()
  const ran: string[] = []
  after.add('GIF of test one', () => Promise.reject(new Error('disk full')))
  after.add('GIF of test two', async () => void ran.push('two'))
  await expect(after.drain()).rejects.toThrow('agentprobe: after the test, GIF of test one: disk full')
  expect(ran).toEqual(['two'])
  await expect(after.drain()).resolves.toBeUndefined()
})

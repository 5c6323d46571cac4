// The same test style on Android: the vision loop signs in with real taps and typed text, a cold
// verification reads the result, and uiautomator checks element ids without any model judgment.
// Here the device is the double under fixtures/android (no emulator runs on this machine); the
// workflow template runs the same file on a real emulator.
import { afterAll, beforeAll, expect, test } from 'agentprobe/vitest'
import { DeviceDouble } from '../fixtures/android/device-double.ts'
import { HOME_GREETS, SIGN_IN } from './android.flows.ts'

const double = DeviceDouble.fromEnv()
beforeAll(() => double.reset())
afterAll(() => double.remove())

test('signs in and lands on the notes', async ({ agent, android, screen }) => {
  await android.launch('com.example.app', { clearData: true })
  await agent.do(SIGN_IN, { maxSteps: 10, verify: HOME_GREETS })
  await expect(android).toHaveElement({ resourceId: 'com.example.app:id/home' })
  await expect(android).toHaveElementCount({ resourceId: /:id\/note_(?!title|snippet)/, clickable: true }, 3)
  await expect(screen).toShowText('Trip to Lisbon')
})

test('a build whose sign-in rejects every password fails as false_success', async ({ agent, android }) => {
  double.install('broken')
  await android.launch('com.example.app', { clearData: true })
  // Every step succeeds (the fields and the button are there), so the loop believes it is done…
  const error = await agent.do(SIGN_IN, { maxSteps: 10, verify: HOME_GREETS }).catch((e: unknown) => e)
  // …and the cold verification, on a fresh screenshot, says no.
  expect(error).toMatchObject({ code: 'AGENTPROBE_TEST_FAILED', failures: expect.arrayContaining([expect.objectContaining({ type: 'false_success' })]) })
  expect(String(error)).toMatch(/not found: 'Welcome, demo'/i)
  // uiautomator agrees, with no model involved.
  await expect(android).not.toHaveElement({ resourceId: 'home' })
  await expect(android).toHaveElement({ resourceId: 'error', text: 'Wrong username or password' })
})

// Android screens of the scripted app on the device double (fixtures/android): each case starts
// on a fresh launch of com.example.app with its data cleared, the build installed.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import type { AndroidHelpers } from '../../src/targets/android/android-helpers.ts'

const APP = 'com.example.app'
const TYPE_CREDENTIALS = "Type 'demo' into the 'Username' field, then type 'demo' into the 'Password' field"
const SIGN_IN = `${TYPE_CREDENTIALS}, then tap 'Sign in'.`
const GREETS = "Does the screen show 'Welcome, demo' above the notes?"

/** Fresh launch, demo / demo typed into the fields over adb, then `submit`: whether the notes screen came up. */
async function signsIn(android: AndroidHelpers, submit: () => Promise<unknown>): Promise<boolean> {
  await android.launch(APP, { clearData: true })
  for (const field of ['username', 'password']) {
    await android.tap({ resourceId: field })
    await android.device.shell(['input', 'text', 'demo'])
  }
  await submit()
  return (await android.waitFor({ resourceId: 'home' }, { timeoutMs: 2000 })).nodes.length > 0
}

export default [
  defineBenchCase({
    id: 'android/sign-in',
    category: 'android',
    target: 'android',
    package: APP,
    builds: { good: 'good', mutant: 'broken' },
    instruction: SIGN_IN,
    verify: GREETS,
    maxSteps: 6,
    expectedSteps: 3,
    mutantDescription: "The sign-in check compares against the wrong hash: every password is rejected ('Wrong username or password').",
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ android }) => signsIn(android, () => android.tap({ resourceId: 'sign_in' })),
  }),
  defineBenchCase({
    id: 'android/enter-signs-in',
    category: 'android',
    target: 'android',
    package: APP,
    builds: { good: 'good', mutant: 'no-enter' },
    instruction: `${TYPE_CREDENTIALS}, then press Enter.`,
    verify: GREETS,
    maxSteps: 6,
    expectedSteps: 3,
    mutantDescription: "The password field's keyboard action is no longer wired to sign-in: 'Sign in' works, Enter does nothing.",
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ android }) => signsIn(android, () => android.press('enter')),
  }),
  defineBenchCase({
    id: 'android/open-note',
    category: 'android',
    target: 'android',
    package: APP,
    builds: { good: 'good', mutant: 'wrong-note' },
    instruction: `${SIGN_IN} Then tap 'Trip to Lisbon'.`,
    verify: "Does the open note show 'Book the tram tour'?",
    maxSteps: 6,
    expectedSteps: 4,
    mutantDescription: 'An off-by-one in the list adapter: tapping a note opens the one below it (Trip to Lisbon opens Groceries).',
    expected: { good: 'pass', mutant: 'fail' },
    truth: async ({ android }) => {
      if (!(await signsIn(android, () => android.tap({ resourceId: 'sign_in' })))) return false
      await android.tap({ text: 'Trip to Lisbon' })
      return (await android.waitFor({ resourceId: 'body', text: 'Book the tram tour' }, { timeoutMs: 2000 })).nodes.length > 0
    },
  }),
]

// Text escaping end to end: each nasty input goes through AndroidScreen.perform → adb → the
// device double's shell and `input text`, and must arrive in the focused field exactly as typed
// (read back through a uiautomator dump), or be refused with a clear error before adb runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AndroidHelpers } from '../src/targets/android/android-helpers.ts'
import { AndroidScreen } from '../src/targets/android/android-screen.ts'
import { DeviceDouble } from '../fixtures/android/device-double.ts'

const NASTY = [
  'hello world',
  '  leading and trailing  ',
  "it's",
  `say "hi" and 'bye'`,
  '100% sure',
  '50%sale',
  '%s',
  '%%s%',
  'Tom & Jerry',
  'a && b || c; d',
  '$HOME $(id) `id` ${PATH} $',
  'pipe|and>redirect<in',
  '(parens) {braces} [brackets]',
  'back\\slash \\n \\',
  'star * and ? and ~/home',
  '#not a comment',
  '!bang ^caret',
]
const UNTYPABLE = ['café', '日本語', '😀', 'bell\u0007']

const double = DeviceDouble.create()
let connected: Awaited<ReturnType<DeviceDouble['connect']>> | undefined
let screen: AndroidScreen
let android: AndroidHelpers

beforeAll(async () => {
  connected = await double.connect()
  screen = await AndroidScreen.open(connected.device)
  android = new AndroidHelpers(connected.device)
})

afterAll(() => connected?.release())

/** The login screen with the username field focused and empty. */
function focusUsername(): void {
  double.update((s) => {
    s.stack = [{ package: 'com.example.app', screen: 'login', since: 0 }, ...s.stack.filter((t) => t.package !== 'com.example.app')]
    s.fields = {}
    s.focus = 'username'
  })
}

describe('typing through adb', () => {
  it.each(NASTY)('%j arrives exactly as typed', async (text) => {
    focusUsername()
    await screen.perform({ type: 'type', text })
    expect(double.state().fields.username).toBe(text)
    const [field] = await android.find({ resourceId: 'username' })
    expect(field!.text).toBe(text)
  })

  it('chunks long text into several input commands', async () => {
    focusUsername()
    const before = double.shellLines().length
    const text = 'x y'.repeat(150)
    await screen.perform({ type: 'type', text })
    expect(double.state().fields.username).toBe(text)
    expect(double.shellLines().slice(before).filter((l) => l.startsWith('input text ')).length).toBe(3)
  })

  it('would catch an argument the device shell splits (the double parses like sh)', async () => {
    focusUsername()
    const error = await screen.device.shell(['input', 'text', 'Tom&Jerry']).catch((e: unknown) => e)
    expect(String(error)).toMatch(/Jerry: not found/)
    expect(double.state().fields.username).toBe('Tom')
  })

  it('sends a tab and a newline as key events: Tab moves to the next field, Enter submits', async () => {
    focusUsername()
    await screen.perform({ type: 'type', text: 'demo\tdemo\n' })
    expect((await android.find({ resourceId: 'welcome' }))[0]!.text).toBe('Welcome, demo')
  })

  it.each(UNTYPABLE)('%j is refused with its code points before anything reaches the device', async (text) => {
    focusUsername()
    const before = double.commands().length
    const error = await screen.perform({ type: 'type', text }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'AGENTPROBE_ACTION_FAILED' })
    expect(String(error)).toMatch(/adb "input text" types printable ASCII only; cannot type .*U\+[0-9A-F]{4}/)
    expect(double.commands().length).toBe(before)
    expect(double.state().fields.username).toBeUndefined()
  })

  it("the device's own input text would have failed on non-ASCII, not typed it wrongly", async () => {
    focusUsername()
    const error = await screen.device.shell(['input', 'text', 'caf\u00e9']).catch((e: unknown) => e)
    expect(String(error)).toMatch(/NullPointerException/)
  })
})

// The Android target against the device double (fixtures/android): a real adb process per
// command, real PNGs, real uiautomator XML. Device selection, capture, input, settle, dumps.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../src/core/errors.ts'
import { connectDevice, type AdbDevice } from '../src/targets/android/adb-device.ts'
import { AndroidHelpers } from '../src/targets/android/android-helpers.ts'
import { AndroidScreen } from '../src/targets/android/android-screen.ts'
import { dumpUi } from '../src/targets/android/uiautomator-dump.ts'
import { ANDROID_HOME, DeviceDouble } from '../fixtures/android/device-double.ts'
import '../src/vitest/matchers.ts'

const double = DeviceDouble.create()
let connected: Awaited<ReturnType<DeviceDouble['connect']>> | undefined
let device: AdbDevice
let android: AndroidHelpers

beforeAll(async () => {
  connected = await double.connect()
  device = connected.device
  android = new AndroidHelpers(device)
})

afterAll(() => connected?.release())

beforeEach(() => double.reset())

describe('connectDevice', () => {
  it('takes the first attached device, or the one named', async () => {
    expect(device.serial).toBe('emulator-5554')
    expect(device.chosen).toMatch(/first attached/)
    expect((await connectDevice({ sdkRoot: ANDROID_HOME, serial: 'emulator-5554' })).chosen).toMatch(/by serial/)
    await expect(connectDevice({ sdkRoot: ANDROID_HOME, serial: 'R58M12345' })).rejects.toThrow(/R58M12345 is not attached; `adb devices` lists: emulator-5554/)
  })

  it('finds a running emulator by its AVD name, and says when it uses another device', async () => {
    expect((await connectDevice({ sdkRoot: ANDROID_HOME, avd: 'pixel_4_api28' })).chosen).toBe('emulator-5554 (AVD pixel_4_api28, already running: no emulator started)')
    expect((await connectDevice({ sdkRoot: ANDROID_HOME, avd: 'Pixel_7_API_34' })).chosen).toMatch(/attached; AVD Pixel_7_API_34 is not running, and no emulator is started/)
  })

  it('fails clearly with no device, or an SDK without adb', async () => {
    double.update((s) => (s.devices = []))
    await expect(connectDevice({ sdkRoot: ANDROID_HOME })).rejects.toThrow(/no Android device: `adb devices` lists none/)
    await expect(connectDevice({ sdkRoot: ANDROID_HOME, avd: 'pixel_4_api28' })).rejects.toThrow(/no device is attached and AVD pixel_4_api28 could not be started/)
    await expect(connectDevice({ sdkRoot: '/nonexistent-sdk' })).rejects.toThrow(/cannot use adb from the Android SDK at \/nonexistent-sdk/)
  })
})

describe('AndroidScreen', () => {
  it('captures real PNG frames at the display size, and reads the density', async () => {
    const screen = await AndroidScreen.open(device)
    expect(screen.size).toEqual({ width: 1080, height: 2280 })
    expect(screen.display.density).toBe(440)
    const frame = await screen.capture()
    expect([frame.width, frame.height]).toEqual([1080, 2280])
    expect(frame.luma!.stdev).toBeGreaterThan(10)
    expect(double.shellLines()).toContain('screencap -p')
  })

  it('settles only once the splash animation is over', async () => {
    const screen = await AndroidScreen.open(device)
    await android.launch('com.example.app')
    double.splash(1500)
    const settled = await screen.settle({ stableMs: 150, timeoutMs: 8000 })
    expect(settled.stable).toBe(true)
    expect(settled.waitedMs).toBeGreaterThan(500)
    expect((await android.foreground())?.activity).toBe('com.example.app.LoginActivity')
  })

  it('signs in with real taps and typed text, and the dump shows it', async () => {
    const screen = await AndroidScreen.open(device)
    await android.launch('com.example.app')
    await screen.settle({ timeoutMs: 5000 })
    const [user] = await android.find({ resourceId: 'username' })
    await screen.perform({ type: 'click', x: user!.center.x, y: user!.center.y, button: 'left' })
    await screen.perform({ type: 'type', text: 'demo' })
    await android.tap({ resourceId: 'password' })
    await screen.perform({ type: 'type', text: 'demo', secret: true })
    expect((await android.find({ resourceId: 'password' }))[0]).toMatchObject({ text: '••••', password: true, focused: true })
    await screen.perform({ type: 'keypress', keys: ['Enter'] })
    expect((await android.find({ resourceId: 'welcome' }))[0]!.text).toBe('Welcome, demo')
    expect(double.shellLines()).toEqual(expect.arrayContaining([`input tap ${user!.center.x} ${user!.center.y}`, 'input text demo', 'input keyevent 66']))
  })

  it('scrolls with a density-aware swipe, long-presses, and goes back', async () => {
    const screen = await AndroidScreen.open(device)
    await screen.perform({ type: 'scroll', x: 540, y: 1500, scrollX: 0, scrollY: 300 })
    await screen.perform({ type: 'click', x: 100, y: 100, button: 'right' })
    await android.launch('com.example.app')
    await android.back()
    expect((await android.foreground())?.package).toBe('com.google.android.apps.nexuslauncher')
    expect(double.shellLines()).toEqual(expect.arrayContaining(['input swipe 540 1500 540 675 300', 'input swipe 100 100 100 100 800', 'input keyevent 4']))
  })

  it('maps frame pixels onto an overridden display size', async () => {
    await device.shell(['wm', 'size', '540x1140'])
    const screen = await AndroidScreen.open(device)
    await android.launch('com.example.app')
    await screen.settle({ timeoutMs: 5000 })
    expect(screen.size).toEqual({ width: 1080, height: 2280 })
    await screen.perform({ type: 'click', x: 540, y: 577, button: 'left' }) // the username field, in frame pixels
    expect(double.shellLines()).toContain('input tap 270 289')
    expect(double.state().focus).toBe('username')
    // uiautomator reports logical bounds, so a helper's tap needs no scaling
    expect((await android.find({ resourceId: 'sign_in' }))[0]!.bounds).toEqual({ x: 33, y: 500, width: 474, height: 77 })
    await android.tap({ resourceId: 'password' })
    expect(double.state().focus).toBe('password')
  })

  it('reports an input the device rejects as an action failure', async () => {
    const screen = await AndroidScreen.open(device)
    const error = await screen.perform({ type: 'keypress', keys: ['ctrl', 'a'] }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'AGENTPROBE_ACTION_FAILED' })
    expect(String(error)).toMatch(/adb could not press ctrl\+a on emulator-5554: .*Unknown command: keycombination/)
  })

  it('turns a vanished device into a crash and aborts its signal', async () => {
    const gone = await connectDevice({ sdkRoot: ANDROID_HOME })
    const screen = await AndroidScreen.open(gone)
    double.update((s) => (s.devices = []))
    const error = await screen.capture().catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_TARGET_CRASHED')
    expect(String(error)).toMatch(/device 'emulator-5554' not found/)
    expect(gone.signal.aborted).toBe(true)
  })
})

describe('uiautomator on the device', () => {
  it('retries while the screen is not idle, then reads the dump', async () => {
    await android.launch('com.example.app')
    // Long enough that the first dump meets it even when starting the fake adb takes seconds under load.
    double.splash(5000)
    const xml = await dumpUi(device, { attempts: 40, retryDelayMs: 300 })
    expect(xml).toContain('resource-id="com.example.app:id/sign_in"')
    expect(double.shellLines().filter((l) => l.includes('uiautomator dump')).length).toBeGreaterThan(1)
  })

  it("fails with uiautomator's own words when the screen never idles", async () => {
    await android.launch('com.example.app')
    double.splash(60_000)
    await expect(dumpUi(device, { attempts: 2, retryDelayMs: 100 })).rejects.toThrow(/uiautomator dump on emulator-5554 failed: ERROR: could not get idle state\. \(the screen kept changing/)
  })

  it('leaves layout-only containers out of a compressed dump', async () => {
    await android.launch('com.example.app')
    await dumpUi(device, { attempts: 4, retryDelayMs: 300 })
    const full = await dumpUi(device, { compressed: false })
    const compressed = await dumpUi(device)
    expect(full.match(/<node /g)!.length).toBeGreaterThan(compressed.match(/<node /g)!.length)
  })

  it('launches with cleared data, turns animations off, and lists the closest nodes on a miss', async () => {
    double.update((s) => (s.data['com.example.app'] = { session: 'demo' }))
    await android.launch('com.example.app', { clearData: true })
    await android.setAnimations(false)
    expect(double.state().settings['global animator_duration_scale']).toBe('0')
    const error = await android.tap({ resourceId: 'signin' }, { timeoutMs: 1500 }).catch((e: unknown) => e)
    expect(String(error)).toMatch(/nothing matches resourceId='signin'; closest nodes:\n {4}Button "Sign in" id=com.example.app:id\/sign_in/)
    await expect(android.launch('com.example.missing')).rejects.toThrow(/cannot launch com.example.missing: it is not installed/)
    expect(await android.describe()).toBe('emulator-5554 · agentprobe device double · Android 9 (API 28)')
  })
})

describe('toHaveElement and toHaveElementCount', () => {
  it('pass on what uiautomator sees, and list the closest nodes when they fail', async () => {
    await android.launch('com.example.app')
    await expect(android).toHaveElement({ resourceId: 'sign_in', text: 'Sign in' })
    await expect(android).toHaveElementCount({ className: 'EditText' }, 2)
    await expect(android).not.toHaveElement({ resourceId: 'welcome' })
    const missing = await expect(android).toHaveElement({ resourceId: 'sign_up' }, { timeout: 300 }).catch((e: unknown) => e)
    expect(String(missing)).toMatch(/expected an element matching resourceId='sign_up' \(uiautomator, 300 ms\)\n {2}nothing matched among \d+ nodes; closest:\n {4}Button "Sign in" id=com.example.app:id\/sign_in/)
    const present = await expect(android).not.toHaveElement({ className: 'EditText' }, { timeout: 300 }).catch((e: unknown) => e)
    expect(String(present)).toMatch(/expected no element matching className='EditText'.*\n {2}matched 2:\n {4}EditText "Username" id=com.example.app:id\/username/)
    const count = await expect(android).toHaveElementCount({ clickable: true }, 1, { timeout: 300 }).catch((e: unknown) => e)
    expect(String(count)).toMatch(/expected 1 element\(s\) matching clickable=true, found 5/)
  })

  it('throws, even under .not, when there is nothing to dump', async () => {
    const gone = await connectDevice({ sdkRoot: ANDROID_HOME })
    double.update((s) => (s.devices = []))
    await expect(expect(new AndroidHelpers(gone)).not.toHaveElement({ resourceId: 'x' })).rejects.toThrow(/device 'emulator-5554' not found/)
  })
})

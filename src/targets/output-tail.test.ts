import { describe, expect, it } from 'vitest'
import { OutputTail } from './output-tail.ts'

describe('OutputTail', () => {
  it('joins lines split across chunks and keeps the unterminated last one', () => {
    const tail = new OutputTail()
    tail.push('Missing X ser')
    tail.push('ver or $DISPLAY\nThe platform failed')
    expect(tail.text()).toBe('Missing X server or $DISPLAY\nThe platform failed')
  })

  it('keeps only the last lines', () => {
    const tail = new OutputTail(2)
    tail.push('one\ntwo\nthree\nfour\n')
    expect(tail.text()).toBe('three\nfour')
  })

  it('drops dbus noise and blank lines', () => {
    const tail = new OutputTail()
    tail.push('[1:2:1129/213229.926552:ERROR:ui/ozone/platform/x11/ozone_platform_x11.cc:257] Missing X server\n\n')
    tail.push('[1:3:1129/213229.927912:ERROR:dbus/bus.cc:405] Failed to connect to the bus\n')
    expect(tail.text()).toBe('[1:2:1129/213229.926552:ERROR:ui/ozone/platform/x11/ozone_platform_x11.cc:257] Missing X server')
  })
})

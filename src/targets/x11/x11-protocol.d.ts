// The part of the `x11` package (a pure JavaScript X11 protocol client, shipped without types) that
// damage-watch.ts and the X11 end-to-end tests use.
declare module 'x11' {
  export interface XEvent {
    name?: string
  }

  export interface XClient {
    AllocID(): number
    CreateWindow(id: number, parent: number, x: number, y: number, width: number, height: number, borderWidth: number, depth: number, windowClass: number, visual: number, attributes: { backgroundPixel?: number; overrideRedirect?: boolean }): void
    MapWindow(id: number): void
    DestroyWindow(id: number): void
    require(extension: 'damage', callback: (error: Error | null, damage: DamageExtension) => void): void
    /** A round trip: resolves once every request sent before it has been processed. */
    sync(): Promise<void>
    close(callback?: (error?: Error) => void): void
    on(event: 'event', listener: (event: XEvent) => void): this
    on(event: 'error' | 'end', listener: (error?: Error) => void): this
    readonly stream?: { unref?: () => void; destroy?: () => void }
  }

  export interface DamageExtension {
    ReportLevel: { NonEmpty: number }
    Create(damage: number, drawable: number, level: number): void
    Subtract(damage: number, repair: number, parts: number): void
  }

  export interface XDisplay {
    client: XClient
    screen: { root: number }[]
  }

  export function createClient(options: { display: string }, callback: (error: Error | null, display: XDisplay) => void): XClient

  const x11: { createClient: typeof createClient }
  export default x11
}

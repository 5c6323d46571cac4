// Firefox keeps its default page zoom (Settings › General › Zoom) and each site's (View › Zoom) in
// the profile's content-prefs database, not in a preference user.js can set; layout.css.devPixelsPerPx
// is the device scale, which also draws the browser's UI larger. So `zoom` is Chromium's only, and
// asking for it on Firefox is an error rather than a run at 100% that claims otherwise.
import { ConfigError } from '../../core/errors.ts'

/** The error for a zoom other than 1 on Firefox; `source` names the option ('the plugin option zoom'). */
export function firefoxZoomError(source: string, zoom: number): ConfigError {
  return new ConfigError(
    `${source} ${zoom} is for Chromium only: Firefox keeps its default zoom (Settings › General › Zoom) and each site's (View › Zoom) in its content-prefs database, which agentprobe does not set; leave zoom out for firefox`,
  )
}

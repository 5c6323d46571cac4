// Every manifest field that names a file Chromium must find to load the extension, as measured
// over the DevTools pipe on Chromium 156 ("Could not load javascript 'x.js' for script.", "Could
// not load icon…", "Could not load options page…", "File not found…"). devtools_page is not
// checked by Chromium at load, so it is not listed.

/** A field's path in the manifest (`content_scripts[0].css[1]`) and the file it names. */
export interface FileField {
  field: string
  value: unknown
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The file-naming fields of `manifest`, in the order Chromium reads them. */
export function manifestFileFields(manifest: Json): FileField[] {
  const fields: FileField[] = []
  const one = (field: string, value: unknown) => value !== undefined && fields.push({ field, value })
  const icons = (field: string, value: unknown) => {
    if (isObject(value)) for (const [size, file] of Object.entries(value)) one(`${field}.${size}`, file)
    else one(field, value)
  }
  const at = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined)
  one('background.service_worker', at(manifest.background, 'service_worker'))
  one('side_panel.default_path', at(manifest.side_panel, 'default_path'))
  one('action.default_popup', at(manifest.action, 'default_popup'))
  icons('action.default_icon', at(manifest.action, 'default_icon'))
  icons('icons', manifest.icons)
  one('options_page', manifest.options_page)
  one('options_ui.page', at(manifest.options_ui, 'page'))
  if (isObject(manifest.chrome_url_overrides)) for (const [page, file] of Object.entries(manifest.chrome_url_overrides)) one(`chrome_url_overrides.${page}`, file)
  if (Array.isArray(manifest.content_scripts)) {
    manifest.content_scripts.forEach((script: unknown, i) => {
      for (const kind of ['js', 'css'] as const) {
        const files = at(script, kind)
        if (Array.isArray(files)) files.forEach((file: unknown, j) => one(`content_scripts[${i}].${kind}[${j}]`, file))
      }
    })
  }
  return fields
}

/** `__MSG_name__` placeholders in the fields Chromium localizes at load. */
export function messagePlaceholders(manifest: Json): { field: string; name: string }[] {
  const localized: [string, unknown][] = [
    ['name', manifest.name],
    ['short_name', manifest.short_name],
    ['description', manifest.description],
    ['action.default_title', isObject(manifest.action) ? manifest.action.default_title : undefined],
  ]
  return localized.flatMap(([field, value]) => (typeof value === 'string' ? [...value.matchAll(/__MSG_(\w+)__/g)].map((m) => ({ field, name: m[1]! })) : []))
}

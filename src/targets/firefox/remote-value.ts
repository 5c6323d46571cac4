// WebDriver BiDi answers an evaluation with a typed RemoteValue, not JSON. This turns one into the
// plain value Chromium's `Runtime.evaluate` with `returnByValue` gives, so a test's `evaluate`
// reads the same on both browsers: numbers, strings, arrays and objects as they are, a Date as its
// ISO string, what JSON cannot hold (functions, symbols) as undefined, other objects as {}.

/** The part of BiDi's script.RemoteValue read here (webdriver-bidi-protocol's Script.RemoteValue). */
export type RemoteValue = { type: string; value?: unknown }

const SPECIAL: Record<string, number> = { NaN: Number.NaN, '-0': -0, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY }

/** The plain value `remote` stands for. */
export function fromRemoteValue(remote: RemoteValue): unknown {
  const { type, value } = remote
  switch (type) {
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined
    case 'null':
      return null
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return typeof value === 'string' ? SPECIAL[value] : value
    case 'bigint':
      return Number(value)
    case 'date':
      return new Date(value as string).toISOString()
    case 'array':
    case 'set':
      return Array.isArray(value) ? (value as RemoteValue[]).map(fromRemoteValue) : []
    case 'object':
    case 'map':
      return Array.isArray(value) ? Object.fromEntries((value as [RemoteValue | string, RemoteValue][]).map(([key, v]) => [typeof key === 'string' ? key : String(fromRemoteValue(key)), fromRemoteValue(v)])) : {}
    default:
      return {}
  }
}

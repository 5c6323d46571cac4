// A PostgreSQL address as messages may show it: the password gone from both places a URL can
// carry one (user:password@ and ?password=), and what error texts must never show.

export interface Secrets {
  url: string
  /** As written in the URL and decoded, longest first. */
  passwords: string[]
}

/** The server's address as messages may show it (no password), and what errors must not show. */
export function serverAddress(url: string): { name: string; secrets: Secrets } {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    // Node's own error would carry the input, password and all.
    throw new Error('the PostgreSQL history address is not a URL: give it as postgres://user:password@host:port/database')
  }
  const written = [parsed.password, parsed.searchParams.get('password') ?? ''].filter((p) => p !== '')
  parsed.password = ''
  parsed.searchParams.delete('password')
  const passwords = [...new Set(written.flatMap((p) => [p, decode(p)]))].sort((a, b) => b.length - a.length)
  return { name: parsed.toString(), secrets: { url, passwords } }
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** postgres:// or postgresql://: the addresses the history's server store takes. */
export const isPostgresUrl = (text: string): boolean => /^postgres(ql)?:\/\//.test(text)

/** Any URL as an error message may quote it: user and password replaced by an ellipsis. */
export const withoutUserInfo = (url: string): string => url.replace(/\/\/[^@/]*@/, '//…@')

// Secrets never reach disk: every string written by the report layer passes through here.
import { SECRET_MASK } from '../core/action.ts'

export class Redactor {
  readonly #secrets = new Set<string>()

  add(secret: string): void {
    // Very short strings would mask ordinary text everywhere; they are masked in actions instead.
    if (secret.length >= 3) this.#secrets.add(secret)
  }

  text(value: string): string {
    let out = value
    for (const secret of this.#secrets) out = out.split(secret).join(SECRET_MASK)
    return out
  }

  /** A deep copy with every string redacted. */
  value<T>(value: T): T {
    return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? this.text(v) : v))) as T
  }
}

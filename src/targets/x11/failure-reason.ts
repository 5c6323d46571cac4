// What to say when an external command fails: its own words (stderr) beat a generic exit message.
import { errorMessage } from '../../core/errors.ts'

export function failureReason(error: unknown): string {
  const stderr = (error as { stderr?: unknown } | undefined)?.stderr
  return typeof stderr === 'string' && stderr.trim() !== '' ? stderr.trim() : errorMessage(error)
}

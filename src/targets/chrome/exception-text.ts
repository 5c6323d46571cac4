// A page's own words for what went wrong in `evaluate`, taken from CDP's exceptionDetails.

/** The part of Runtime.ExceptionDetails that describes the thrown value. */
export interface ExceptionDetails {
  text: string
  exception?: { description?: string | undefined; value?: unknown } | undefined
}

/** 'TypeError: x is not a function\n    at …' for an Error; 'Uncaught "reason"' for a thrown non-Error. */
export function exceptionText({ text, exception }: ExceptionDetails): string {
  if (exception?.description) return exception.description
  if (exception?.value !== undefined) return `${text} ${JSON.stringify(exception.value)}`
  return text
}

// Whether a path is there: what init and the project probes ask of a repo's files before reading them.
import { access } from 'node:fs/promises'

/** True when `path` exists (a file or a folder), false on any error reaching it. */
export const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false)

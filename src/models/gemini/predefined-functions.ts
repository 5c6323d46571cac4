// The predefined functions of Gemini's computerUse tool, as data: which ones a test of an extension
// or an app keeps, and the same names declared as plain functions for models without the tool.
import type { FunctionDeclaration } from '@google/genai'

export type GeminiEnvironment = 'browser' | 'mobile'

/** Every predefined function Google documents for the browser environment. */
export const PREDEFINED_FUNCTIONS = [
  'open_web_browser', 'wait_5_seconds', 'go_back', 'go_forward', 'search', 'navigate',
  'click_at', 'hover_at', 'type_text_at', 'key_combination', 'scroll_document', 'scroll_at', 'drag_and_drop',
] as const
export type PredefinedFunction = (typeof PREDEFINED_FUNCTIONS)[number]

/**
 * Excluded with excludedPredefinedFunctions: a test starts on the screen it sets up, so leaving it
 * for a typed URL (navigate), a search engine (search) or a fresh browser (open_web_browser) would
 * test something else (and this closed machine has no web to reach). A phone has no forward.
 */
export function excludedFunctions(environment: GeminiEnvironment): PredefinedFunction[] {
  return environment === 'mobile' ? ['open_web_browser', 'search', 'navigate', 'go_forward'] : ['open_web_browser', 'search', 'navigate']
}

/** The functions the model may call in this environment. */
export function allowedFunctions(environment: GeminiEnvironment): PredefinedFunction[] {
  const excluded = excludedFunctions(environment)
  return PREDEFINED_FUNCTIONS.filter((name) => !excluded.includes(name))
}

const grid = { type: 'integer', minimum: 0, maximum: 999 }
const point = { x: { ...grid, description: 'From 0 (left) to 999 (right).' }, y: { ...grid, description: 'From 0 (top) to 999 (bottom).' } }
const direction = { type: 'string', enum: ['up', 'down', 'left', 'right'] }
const object = (properties: Record<string, object>, required: string[] = Object.keys(properties)) => ({ type: 'object', properties, required })

const DECLARATIONS: Record<PredefinedFunction, { description: string; parameters?: object }> = {
  open_web_browser: { description: 'Opens the web browser.' },
  wait_5_seconds: { description: 'Waits 5 seconds for the screen to change.' },
  go_back: { description: 'Goes back to the previous page or screen.' },
  go_forward: { description: 'Goes forward to the next page.' },
  search: { description: 'Opens a search engine start page.' },
  navigate: { description: 'Opens a URL.', parameters: object({ url: { type: 'string' } }) },
  click_at: { description: 'Clicks at a point of the screenshot.', parameters: object(point) },
  hover_at: { description: 'Moves the pointer to a point of the screenshot.', parameters: object(point) },
  type_text_at: {
    description: 'Clicks at a point, then types text (by default it first clears the field and presses Enter after).',
    parameters: object({ ...point, text: { type: 'string' }, press_enter: { type: 'boolean' }, clear_before_typing: { type: 'boolean' } }, ['x', 'y', 'text']),
  },
  key_combination: { description: 'Presses keys together, e.g. "Control+C" or "Enter".', parameters: object({ keys: { type: 'string' } }) },
  scroll_document: { description: 'Scrolls the whole page.', parameters: object({ direction }) },
  scroll_at: { description: 'Scrolls at a point; magnitude is a distance on the same 0–999 grid (default 800).', parameters: object({ ...point, direction, magnitude: grid }, ['x', 'y', 'direction']) },
  drag_and_drop: { description: 'Drags from a point and drops at another.', parameters: object({ ...point, destination_x: grid, destination_y: grid }) },
}

/** The allowed functions as function declarations, for a model without the computerUse tool. */
export function functionDeclarations(environment: GeminiEnvironment): FunctionDeclaration[] {
  return allowedFunctions(environment).map((name) => {
    const { description, parameters } = DECLARATIONS[name]
    return { name, description, ...(parameters && { parametersJsonSchema: parameters }) }
  })
}

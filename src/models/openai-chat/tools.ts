// The function tools a Chat Completions model acts with: one per action, plus done and fail. Their
// JSON schemas say how to express a point for the model's coordinate family.
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions'

export const TOOL_NAMES = ['click', 'double_click', 'move', 'drag', 'type', 'keypress', 'scroll', 'wait', 'done', 'fail'] as const
export type ToolName = (typeof TOOL_NAMES)[number]

const int = (description: string) => ({ type: 'integer', description })
const str = (description: string) => ({ type: 'string', description })

function tool(name: ToolName, description: string, properties: Record<string, object>, required: string[]): ChatCompletionFunctionTool {
  return { type: 'function', function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } } }
}

/** The tools, with `coordinates` (the family's sentence) in every description that takes a point. */
export function chatTools(coordinates: string): ChatCompletionFunctionTool[] {
  const x = int(`Horizontal position. ${coordinates}`)
  const y = int('Vertical position, in the same units as x.')
  return [
    tool('click', 'Click at a point.', { x, y, button: { type: 'string', enum: ['left', 'right', 'middle'], description: 'Default left.' } }, ['x', 'y']),
    tool('double_click', 'Double-click at a point.', { x, y }, ['x', 'y']),
    tool('move', 'Move the mouse to a point without clicking.', { x, y }, ['x', 'y']),
    tool('drag', 'Press the left button at the start point, move to the end point, release.', { start_x: x, start_y: y, end_x: x, end_y: y }, ['start_x', 'start_y', 'end_x', 'end_y']),
    tool('type', 'Type text into the focused field.', { text: str('The text to type.') }, ['text']),
    tool('keypress', 'Press a key or a combination together.', { keys: { type: 'array', items: { type: 'string' }, description: 'e.g. ["enter"], ["ctrl", "l"], ["shift", "tab"].' } }, ['keys']),
    tool('scroll', 'Scroll at a point.', { x, y, scroll_x: int('Horizontal distance, in the units of x; positive scrolls right.'), scroll_y: int('Vertical distance, in the units of y; positive scrolls down.') }, ['x', 'y', 'scroll_x', 'scroll_y']),
    tool('wait', 'Wait for the screen to change.', { seconds: { type: 'number', description: 'Default 1.' } }, []),
    tool('done', 'The instruction is carried out and the screen shows it worked (TEST_PASSED).', { reason: str('What on the screen shows it.') }, ['reason']),
    tool('fail', 'The instruction cannot be carried out, or the screen shows a failure (TEST_FAILED).', { reason: str('Why.') }, ['reason']),
  ]
}

// The instruction and the question shared by the example and its broken variants.
export const OPEN_SIDEPANEL =
  "Click the extension icon in the Chrome toolbar, then click 'Open Sidepanel'. The sidepanel should appear on the right side of the browser."
export const SIDEPANEL_SHOWS_UI = "Is the browser sidepanel open and showing 'Sidepanel UI' (not an error page)?"

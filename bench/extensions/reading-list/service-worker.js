// No popup: the toolbar icon opens the side panel. The worker owns the panel's options.
const PANEL_PATH = 'sidepanel.html'

chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error) => console.error(error))

chrome.runtime.onInstalled.addListener(() => {
  chrome.sidePanel.setOptions({ path: PANEL_PATH, enabled: true })
})

// 2.0.0 keeps settings under `prefs`: an update from 1.0.0 moves the theme there.
chrome.runtime.onInstalled.addListener(async ({ reason }) => {
  if (reason !== 'update') return
  const { theme, prefs = {} } = await chrome.storage.local.get(['theme', 'prefs'])
  if (theme === undefined) return
  await chrome.storage.local.set({ prefs: { ...prefs, theme } })
  await chrome.storage.local.remove('theme')
})

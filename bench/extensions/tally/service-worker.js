// A fresh install starts with the default theme.
chrome.runtime.onInstalled.addListener(() => {
  chrome.storage.local.set({ theme: 'Dark' })
})

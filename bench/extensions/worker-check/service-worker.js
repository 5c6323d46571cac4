// Answers the popup: 'ping' at once, 'stats' after reading storage (asynchronously, so the
// listener returns true to keep the message channel open until sendResponse is called).
chrome.runtime.onInstalled.addListener(() => {
  chrome.storage.local.set({ pagesSaved: 3 })
})

async function readStats() {
  const { pagesSaved = 0 } = await chrome.storage.local.get('pagesSaved')
  return { text: `Pages saved: ${pagesSaved}` }
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  if (message?.type === 'ping') {
    sendResponse({ text: 'pong' })
    return false
  }
  if (message?.type === 'stats') {
    readStats().then(sendResponse)
    return true
  }
  return false
})

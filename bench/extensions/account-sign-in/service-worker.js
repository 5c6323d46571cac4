// The token exchange a real extension would do with its server, stood in for by a delay, then
// the account is kept in storage for the welcome page and the popup.
const EXCHANGE_MS = 1200

async function exchangeToken(user) {
  await new Promise((resolve) => setTimeout(resolve, EXCHANGE_MS))
  await chrome.storage.local.set({ user })
  return { ok: true }
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  if (message?.type !== 'authorize') return false
  exchangeToken(message.user).then(sendResponse)
  return true
})

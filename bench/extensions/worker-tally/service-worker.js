// Keeps the popup's counter. Chrome stops an idle worker after about 30 s and its globals go with
// it, so the count lives in chrome.storage.session (kept until the browser quits).
async function readCount() {
  const { count = 0 } = await chrome.storage.session.get('count')
  return count
}

async function addOne() {
  const count = (await readCount()) + 1
  await chrome.storage.session.set({ count })
  return count
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  if (message?.type === 'add') addOne().then(sendResponse)
  else if (message?.type === 'get') readCount().then(sendResponse)
  else return false
  return true
})

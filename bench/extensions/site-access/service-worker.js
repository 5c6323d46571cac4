// The toolbar icon (no popup) opens the access page. The listener is registered at the top level,
// so a worker Chrome stopped while idle has it when the click wakes it.
chrome.action.onClicked.addListener(() => {
  chrome.tabs.create({ url: 'access.html' })
})

// One context-menu item on pages and selections. Chrome keeps the item across worker restarts;
// the onClicked listener must be registered at the top level so a woken worker has it.
const MENU_ID = 'save-clipping'

async function saveClipping(info) {
  if (info.menuItemId !== MENU_ID) return
  await chrome.storage.local.set({ clipping: { pageUrl: info.pageUrl, text: info.selectionText ?? '' } })
  await chrome.tabs.create({ url: 'clippings.html' })
}

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({ id: MENU_ID, title: 'Save to Clippings', contexts: ['page', 'selection'] })
})

chrome.contextMenus.onClicked.addListener(saveClipping)

// The count lives in chrome.storage.local, so it survives closing the popup.
const KEY = 'count'

function show(count) {
  document.getElementById('count').textContent = `You clicked ${count} time${count === 1 ? '' : 's'}`
}

async function storedCount() {
  const { [KEY]: count = 0 } = await chrome.storage.local.get(KEY)
  return count
}

document.getElementById('add').addEventListener('click', async () => {
  const count = (await storedCount()) + 1
  show(count)
  await chrome.storage.local.set({ [KEY]: count })
})

document.getElementById('reset').addEventListener('click', async () => {
  await chrome.storage.local.remove(KEY)
  show(await storedCount())
})

storedCount().then(show)
chrome.storage.local.get('theme').then(({ theme }) => {
  document.getElementById('theme').textContent = `Theme: ${theme ?? 'not set'}`
})

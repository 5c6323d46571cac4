// Every text comes from _locales; the document's direction from @@bidi_dir.
const message = (name) => chrome.i18n.getMessage(name)
document.getElementById('greeting').textContent = message('greeting')
document.getElementById('language').textContent = `UI: ${chrome.i18n.getUILanguage()} · ${matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'}`
document.getElementById('save').textContent = message('save')
document.getElementById('save').addEventListener('click', async () => {
  await chrome.storage.local.set({ greeting: message('greeting'), language: chrome.i18n.getUILanguage() })
  document.getElementById('status').textContent = message('saved')
})

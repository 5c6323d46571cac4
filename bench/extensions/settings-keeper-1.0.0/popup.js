// 1.0.0 keeps the theme at the top level of chrome.storage.local.
const shown = document.getElementById('theme')
const show = (theme) => (shown.textContent = `Theme: ${theme}`)
chrome.storage.local.get('theme').then(({ theme = 'light' }) => show(theme))
for (const theme of ['dark', 'light']) {
  document.getElementById(theme).addEventListener('click', async () => {
    await chrome.storage.local.set({ theme })
    show(theme)
  })
}

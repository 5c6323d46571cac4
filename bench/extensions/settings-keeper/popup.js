// 2.0.0 reads and writes the theme under `prefs`.
const shown = document.getElementById('theme')
const show = (theme) => (shown.textContent = `Theme: ${theme}`)
chrome.storage.local.get('prefs').then(({ prefs = {} }) => show(prefs.theme ?? 'light'))
for (const theme of ['dark', 'light']) {
  document.getElementById(theme).addEventListener('click', async () => {
    const { prefs = {} } = await chrome.storage.local.get('prefs')
    await chrome.storage.local.set({ prefs: { ...prefs, theme } })
    show(theme)
  })
}

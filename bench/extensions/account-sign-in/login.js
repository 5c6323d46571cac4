document.getElementById('authorize').addEventListener('click', async () => {
  document.getElementById('status').textContent = 'Signing in…'
  await chrome.runtime.sendMessage({ type: 'authorize', user: 'demo' })
  // the query (e.g. a return address) travels on to the welcome page
  location.href = `welcome.html${location.search}`
})

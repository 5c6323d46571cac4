document.getElementById('settings').addEventListener('click', () => {
  chrome.runtime.openOptionsPage().then(() => window.close())
})

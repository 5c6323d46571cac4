document.getElementById('sign-in').addEventListener('click', () => {
  chrome.tabs.create({ url: 'login.html' }).then(() => window.close())
})

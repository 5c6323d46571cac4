chrome.storage.local.get('user').then(({ user }) => {
  document.getElementById('who').textContent = user ? `Signed in as ${user}` : 'Not signed in'
})

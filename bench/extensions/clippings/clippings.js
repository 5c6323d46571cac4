// Shows the last clipping the context-menu item saved.
chrome.storage.local.get('clipping').then(({ clipping }) => {
  document.getElementById('saved').textContent = clipping ? `Saved from ${clipping.title}` : 'Nothing saved yet'
})

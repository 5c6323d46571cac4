// Shows whether the context-menu item saved a clipping.
chrome.storage.local.get('clipping').then(({ clipping }) => {
  document.getElementById('saved').textContent = clipping ? 'Clipping saved' : 'Nothing saved yet'
})

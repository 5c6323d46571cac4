let saved = 0

document.getElementById('save').addEventListener('click', () => {
  saved += 1
  document.getElementById('saved').textContent = `Saved ${saved} page${saved === 1 ? '' : 's'}`
})

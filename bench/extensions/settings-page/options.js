// Saved on submit: the 'Save' button and Enter in the field both submit the form.
document.getElementById('form').addEventListener('submit', async (event) => {
  event.preventDefault()
  const name = document.getElementById('name').value.trim()
  await chrome.storage.sync.set({ name })
  document.getElementById('status').textContent = `Saved: ${name}`
})

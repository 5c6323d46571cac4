// Asks for the optional host permission; Chrome shows its own prompt, and the answer is shown here.
const ORIGINS = ['http://127.0.0.1/*']
const status = document.getElementById('status')

document.getElementById('grant').addEventListener('click', async () => {
  try {
    const granted = await chrome.permissions.request({ origins: ORIGINS })
    status.textContent = granted ? 'Access granted' : 'Access refused'
  } catch (error) {
    status.textContent = `Could not ask: ${error.message}`
  }
})

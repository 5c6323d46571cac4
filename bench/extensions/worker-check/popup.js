const reply = document.getElementById('reply')

async function ask(type, label) {
  reply.textContent = 'Waiting for the worker…'
  try {
    const answer = await chrome.runtime.sendMessage({ type })
    reply.textContent = `${label}${answer.text}`
  } catch (error) {
    reply.textContent = `No reply: ${error.message}`
  }
}

document.getElementById('ping').addEventListener('click', () => ask('ping', 'Worker replied: '))
document.getElementById('stats').addEventListener('click', () => ask('stats', ''))

// Shows the worker's count and asks it to add one.
const shown = document.getElementById('count')
const show = (count) => {
  shown.textContent = `Counted ${count} ${count === 1 ? 'visit' : 'visits'}`
}

chrome.runtime.sendMessage({ type: 'get' }).then(show)
document.getElementById('add').addEventListener('click', () => chrome.runtime.sendMessage({ type: 'add' }).then(show))

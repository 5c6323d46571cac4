let count = 0

document.getElementById('hello').addEventListener('click', () => {
  document.getElementById('greeting').textContent = 'Hello from Greeter'
})

document.getElementById('add').addEventListener('click', () => {
  count += 1
  document.getElementById('count').textContent = `Count: ${count}`
})

// A bar at the top of the page: the article's reading time (200 words a minute) and a button
// that marks the article's links.
const article = document.querySelector('article')
if (article) {
  const words = article.textContent.split(/\s+/).filter(Boolean).length
  const bar = document.createElement('div')
  bar.id = 'pt-bar'
  const time = Object.assign(document.createElement('span'), { id: 'pt-time', textContent: `Reading time: ${Math.max(1, Math.round(words / 200))} min` })
  const button = Object.assign(document.createElement('button'), { id: 'pt-highlight', textContent: 'Highlight links' })
  const status = Object.assign(document.createElement('span'), { id: 'pt-status' })
  button.addEventListener('click', () => {
    const links = Array.from(article.querySelectorAll('a'))
    links.forEach((link) => link.classList.add('pt-marked'))
    status.textContent = `Highlighted ${links.length} links`
  })
  bar.append(time, button, status)
  document.body.prepend(bar)
}

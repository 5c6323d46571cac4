// Content script on a local page (bench/pages/article.html, served on 127.0.0.1): a bar with the
// article's reading time and a button that highlights its links.
import { defineBenchCase, type TruthContext } from '../../src/bench/bench-case.ts'
import { clickVisible, inTab, shows } from '../truth.ts'

const HIGHLIGHTED = "Does the bar at the top of the page say 'Highlighted 3 links'?"

function highlights({ chrome, pagesUrl }: TruthContext): Promise<boolean> {
  return inTab(chrome, `${pagesUrl}article.html`, async (tab) => {
    if (!(await clickVisible(tab, '#pt-highlight', 3000))) return false
    if (!(await shows(tab, '#pt-status', 'Highlighted 3 links'))) return false
    return (await tab.evaluate<number>("document.querySelectorAll('article a.pt-marked').length")) === 3
  })
}

export default [
  defineBenchCase({
    id: 'content-script/reading-time',
    category: 'content-script',
    extension: 'page-tools',
    page: 'article.html',
    instruction: 'Wait 1 second, then check the bar the extension adds at the top of the article page.',
    verify: "Does the top of the page show the extension's bar with the 'Reading time' of the article?",
    maxSteps: 3,
    expectedSteps: 1,
    mutantDescription: 'A race: run_at moved to document_start (to run before the page\'s scripts), so the script runs before the article is parsed, finds no article and adds nothing.',
    edits: [{ file: 'manifest.json', find: '"run_at": "document_idle"', replace: '"run_at": "document_start"' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome, pagesUrl }) => inTab(chrome, `${pagesUrl}article.html`, (tab) => shows(tab, '#pt-time', 'Reading time: 1 min')),
  }),
  defineBenchCase({
    id: 'content-script/highlight-links',
    category: 'content-script',
    extension: 'page-tools',
    page: 'article.html',
    // Said as a user would, with no label quoted: a model must find the button itself (the offline grammar cannot).
    instruction: "Use the extension's bar at the top of the page to highlight the article's links.",
    verify: HIGHLIGHTED,
    maxSteps: 4,
    expectedSteps: 1,
    mutantDescription: 'The handler calls .map on the NodeList from querySelectorAll (Array.from was dropped in a clean-up): a TypeError, nothing is highlighted.',
    edits: [{ file: 'content.js', find: "const links = Array.from(article.querySelectorAll('a'))", replace: "const links = article.querySelectorAll('a').map((link) => link)" }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: highlights,
  }),
  defineBenchCase({
    id: 'content-script/wrong-match',
    category: 'content-script',
    extension: 'page-tools',
    page: 'article.html',
    instruction: "Click 'Highlight links' at the top of the page.",
    verify: HIGHLIGHTED,
    maxSteps: 4,
    expectedSteps: 1,
    mutantDescription: 'The match pattern was "tightened" to https://127.0.0.1/*: the local http page no longer gets the script, and no bar appears.',
    edits: [{ file: 'manifest.json', find: '"matches": ["http://127.0.0.1/*"]', replace: '"matches": ["https://127.0.0.1/*"]' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: highlights,
  }),
]

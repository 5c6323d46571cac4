// One test of the HTML report: its header and scores, the decision graph, one detail panel per
// node (frame, actions, model text; hidden until its node is clicked), the GIF and any warnings.
import { cassetteCalls } from '../core/trace.ts'
import { escapeXml as h } from './escape.ts'
import { fmt } from './format.ts'
import { graphSvg } from './graph-svg.ts'
import type { GraphNode, ReportTest } from './report-data.ts'

/** ✓, ✗ or … for a test's status. */
export const statusMark = (status: ReportTest['status']) => (status === 'passed' ? '✓' : status === 'failed' ? '✗' : '…')

export function renderTest(t: ReportTest): string {
  const s = t.score
  const icon = statusMark(t.status)
  const facts = [
    `score <b>${fmt.score(s.score)}</b> <span class="parts">(outcome ${fmt.score(s.outcome)} · efficiency ${fmt.score(s.efficiency)} · reliability ${fmt.score(s.reliability)} · cost ${fmt.score(s.cost)})</span>`,
    `${s.steps} step${s.steps === 1 ? '' : 's'}${s.maxSteps ? ` of ${s.maxSteps}` : ''}`,
    `${fmt.int(s.tokens)} tokens`,
    fmt.usd(s.costUsd),
    ...(t.durationMs === undefined ? [] : [fmt.ms(t.durationMs)]),
    t.cassette ? replay(t.cassette) : 'live',
  ]
  return `<article class="test status-${t.status}" id="${t.id}" data-test="${t.id}" data-status="${t.status}">
<header><span class="icon">${icon}</span><h2>${h(t.name)}</h2><span class="model">${h(t.model)}</span>${t.variant ? `<span class="variant">${h(t.variant)}</span>` : ''}${t.file ? `<span class="file">${h(t.file)}</span>` : ''}</header>
<p class="facts">${facts.join(' · ')}</p>
${t.error ? `<pre class="error">${h(t.error)}</pre>` : ''}
<div class="graph-wrap">${graphSvg(t.nodes)}</div>
${t.nodes.map((n) => detail(n, n.id === t.focus)).join('\n')}
${t.gif ? `<details class="gif"><summary>GIF of the run${t.gifCheck ? ` (${t.gifCheck.frames} frame${t.gifCheck.frames === 1 ? '' : 's'}, ${fmt.ms(t.gifCheck.ms)})` : ''}</summary><img src="${h(t.gif)}" alt="the run of ${h(t.name)}" loading="lazy"></details>` : ''}
${t.warnings.map((w) => `<p class="warning">⚠ ${h(w)}</p>`).join('\n')}
</article>`
}

/** 'replayed from gpt-5.4's recording: 9 model calls saved, $0.04', 'partly replayed …' or 'live (cassette: record)'. */
export function replay(c: NonNullable<ReportTest['cassette']>): string {
  const { replayed, live } = cassetteCalls(c)
  if (replayed === 0) return `live (cassette: ${c.mode})`
  const how = live === 0 ? 'replayed' : `partly replayed (${live} live call${live === 1 ? '' : 's'})`
  const from = c.recordedBy ? ` from ${c.recordedBy}'s recording` : ''
  return `${how}${from}: ${replayed} model call${replayed === 1 ? '' : 's'} saved, ${fmt.usd(c.savedUsd)}`
}

function detail(n: GraphNode, open: boolean): string {
  const failures = n.failures.map((f) => `<li><b>${h(f.type)}</b>${f.step === undefined ? '' : ` (step ${f.step})`}: ${h(f.message)}</li>`).join('')
  const rows: [string, string][] = [
    ...(n.actions.length ? [['actions', n.actions.join(' → ')] as [string, string]] : []),
    ...(n.text ? [['model text', n.text] as [string, string]] : []),
    ...(n.reasoning ? [['reasoning', n.reasoning] as [string, string]] : []),
    ...n.facts,
  ]
  return `<div class="node-detail" data-for="${n.id}"${open ? '' : ' hidden'}>
<h3 class="tone-${n.tone}">${h(n.title)}</h3>
${failures ? `<ul class="failures">${failures}</ul>` : ''}
<div class="detail-body">${n.frame ? `<a href="${h(n.frame)}" target="_blank"><img class="frame" src="${h(n.frame)}" alt="${h(n.title)}" loading="lazy"></a>` : '<p class="noframe">no frame</p>'}
<dl>${rows.map(([k, v]) => `<dt>${h(k)}</dt><dd>${h(v)}</dd>`).join('')}${n.sent ? `<dt>sent</dt><dd><a href="${h(n.sent)}" target="_blank">the image the model was sent</a></dd>` : ''}</dl></div>
</div>`
}

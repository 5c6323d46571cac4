// The report page's inline style and script: no network at view time, nothing to install.

export const PAGE_CSS = `
:root { --fg:#111827; --muted:#6b7280; --line:#e5e7eb; --bg:#f9fafb; --pass:#15803d; --fail:#b91c1c; --warn:#b45309; --step:#374151; --phase:#1d4ed8; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--fg); background: var(--bg); }
body > header, .view > section, main, nav { max-width: 1200px; margin: 0 auto; padding: 0 20px; }
h1 { font-size: 22px; margin: 20px 0 2px; }
.meta { color: var(--muted); margin: 0 0 14px; }
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin-bottom: 12px; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 110px; }
.card b { display: block; font-size: 20px; }
.card span { color: var(--muted); font-size: 12px; }
.chips span { display: inline-block; background: #fee2e2; color: var(--fail); border-radius: 10px; padding: 1px 9px; margin: 0 6px 6px 0; font-size: 12px; }
table { border-collapse: collapse; background: #fff; border: 1px solid var(--line); margin: 6px 0 14px; }
th, td { padding: 5px 10px; border-bottom: 1px solid var(--line); text-align: right; }
th:nth-child(2), td:nth-child(2), td:last-child, th:last-child { text-align: left; }
h2.section { font-size: 16px; margin: 18px 0 6px; }
nav { margin: 10px auto; }
nav button { border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 4px 12px; cursor: pointer; }
nav button.on { background: var(--fg); color: #fff; }
article.test { background: #fff; border: 1px solid var(--line); border-left: 5px solid var(--step); border-radius: 8px; padding: 12px 16px; margin: 0 0 14px; }
article.status-passed { border-left-color: var(--pass); }
article.status-failed { border-left-color: var(--fail); }
article header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 10px; }
article h2 { font-size: 16px; margin: 0; }
.icon { font-weight: bold; font-size: 18px; }
.status-passed .icon { color: var(--pass); } .status-failed .icon { color: var(--fail); }
.model { background: #eef2ff; color: #3730a3; border-radius: 10px; padding: 0 8px; font-size: 12px; }
.file { color: var(--muted); font-size: 12px; }
.variant { background: #f3e8ff; color: #6b21a8; border-radius: 10px; padding: 0 8px; font-size: 12px; }
.matrix-row { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; margin: 0 0 10px; }
.matrix-row.differs { border-left: 5px solid var(--fail); }
.matrix-row h3 { font-size: 14px; margin: 0 0 6px; }
.cells { display: flex; gap: 10px; flex-wrap: wrap; }
.cell { flex: 1 1 280px; max-width: 480px; text-decoration: none; color: var(--fg); }
.cell img { display: block; width: 100%; border: 1px solid var(--line); border-radius: 4px; }
.cell.status-failed b { color: var(--fail); } .cell.status-passed b { color: var(--pass); }
.facts { margin: 6px 0; } .parts { color: var(--muted); font-size: 12px; }
pre.error { background: #fef2f2; color: #7f1d1d; padding: 8px; border-radius: 6px; white-space: pre-wrap; max-height: 160px; overflow: auto; }
.graph-wrap { overflow-x: auto; }
svg.graph .edge { stroke: #9ca3af; stroke-width: 2; }
svg.graph .node { cursor: pointer; outline: none; }
svg.graph .shape { fill: #fff; stroke: var(--step); stroke-width: 3; }
svg.graph .tone-pass .shape { stroke: var(--pass); fill: #dcfce7; }
svg.graph .tone-fail .shape { stroke: var(--fail); fill: #fee2e2; stroke-width: 4; }
svg.graph .tone-warn .shape { stroke: var(--warn); fill: #fef3c7; }
svg.graph .tone-phase .shape { stroke: var(--phase); fill: #dbeafe; }
svg.graph .node.selected .shape, svg.graph .node:focus .shape { stroke-width: 6; filter: drop-shadow(0 0 3px #6366f1); }
svg.graph .label { text-anchor: middle; font-size: 13px; font-weight: bold; fill: var(--fg); pointer-events: none; }
svg.graph .ftype { text-anchor: middle; font-size: 10px; fill: var(--fail); font-weight: bold; }
.node-detail { border-top: 1px solid var(--line); margin-top: 6px; padding-top: 8px; }
.node-detail h3 { font-size: 14px; margin: 0 0 6px; }
h3.tone-fail { color: var(--fail); } h3.tone-pass { color: var(--pass); } h3.tone-warn { color: var(--warn); }
.detail-body { display: flex; gap: 14px; align-items: flex-start; flex-wrap: wrap; }
img.frame { display: block; max-width: 100%; max-height: 600px; border: 1px solid var(--line); border-radius: 4px; }
.detail-body a { flex: 1 1 420px; max-width: 640px; }
dl { flex: 1 1 300px; margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px; }
dt { color: var(--muted); } dd { margin: 0; white-space: pre-wrap; word-break: break-word; }
ul.failures { margin: 0 0 8px; padding-left: 18px; color: var(--fail); }
details.gif { margin-top: 8px; } details.gif img { max-width: 100%; border: 1px solid var(--line); }
.warning { color: var(--warn); margin: 6px 0 0; }
.noframe { color: var(--muted); }
nav.views { display: flex; gap: 6px; margin-top: 0; }
nav.views a { border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 4px 12px; color: var(--fg); text-decoration: none; }
nav.views a.on { background: var(--fg); color: #fff; }
.history h3 { font-size: 15px; margin: 18px 0 6px; }
ul.flaky { padding-left: 18px; } ul.flaky li { margin-bottom: 4px; } ul.flaky .why { color: var(--warn); }
table.strips th, table.strips td { text-align: left; }
.strip { white-space: nowrap; }
.cell { display: inline-block; width: 9px; height: 18px; margin-right: 2px; border-radius: 2px; vertical-align: middle; background: var(--fail); }
.cell.pass, table.heatmap td.pass, .legend i.pass { background: #86efac; }
.heatmap-wrap { overflow-x: auto; }
table.heatmap { border-collapse: separate; border-spacing: 2px; }
table.heatmap th { font-weight: normal; text-align: left; padding: 0 8px 0 4px; border: 0; white-space: nowrap; max-width: 420px; overflow: hidden; text-overflow: ellipsis; }
table.heatmap td { width: 14px; height: 14px; padding: 0; border: 0; border-radius: 2px; background: #f3f4f6; }
.legend { color: var(--muted); font-size: 12px; margin: 4px 0; }
.legend span { margin-right: 10px; white-space: nowrap; }
.legend i { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
.trends { display: grid; grid-template-columns: repeat(auto-fill, minmax(380px, 1fr)); gap: 12px; }
figure.trend { margin: 0; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; }
figure.trend figcaption { font-weight: 600; margin-bottom: 4px; }
svg.trend { display: block; width: 100%; height: auto; }
svg.trend .axis { stroke: var(--line); }
svg.trend text { font-size: 11px; fill: var(--muted); }
`

/** Clicking (or Enter on) a node shows its panel; the filter hides passed tests; #history shows the History view. */
export const PAGE_JS = `
function view() {
  var name = document.getElementById('view-' + location.hash.slice(1)) ? location.hash.slice(1) : 'tests';
  document.querySelectorAll('.view').forEach(function (v) { v.hidden = v.id !== 'view-' + name; });
  document.querySelectorAll('nav.views a').forEach(function (a) { a.classList.toggle('on', a.getAttribute('href') === '#' + name); });
}
window.addEventListener('hashchange', view);
view();
// reveal: a node the reader picked brings its detail into view (a tall graph can push it off screen).
function show(id, reveal) {
  var test = document.getElementById(id.split('-')[0]);
  if (!test) return;
  test.querySelectorAll('.node-detail').forEach(function (d) {
    d.hidden = d.dataset.for !== id;
    if (!d.hidden && reveal) d.scrollIntoView({ block: 'nearest' });
  });
  test.querySelectorAll('.node').forEach(function (n) { n.classList.toggle('selected', n.dataset.node === id); });
}
document.addEventListener('click', function (e) {
  var node = e.target.closest && e.target.closest('[data-node]');
  if (node) show(node.dataset.node, true);
  var filter = e.target.closest && e.target.closest('[data-filter]');
  if (filter) {
    document.querySelectorAll('[data-filter]').forEach(function (b) { b.classList.toggle('on', b === filter); });
    document.querySelectorAll('article.test').forEach(function (a) { a.hidden = filter.dataset.filter !== 'all' && a.dataset.status !== filter.dataset.filter; });
  }
});
document.addEventListener('keydown', function (e) {
  var node = e.target.closest && e.target.closest('[data-node]');
  if (node && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); show(node.dataset.node, true); }
});
document.querySelectorAll('.node-detail:not([hidden])').forEach(function (d) { show(d.dataset.for); });
`

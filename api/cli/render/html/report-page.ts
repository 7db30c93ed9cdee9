import { cdfChart } from './cdf-chart.js';
import { escapeHtml } from './html-text.js';
import type { FailureSection, HtmlReport, MatrixTable, Tone, VerdictRow } from './report-model.js';
import { sequenceView } from './sequence-view.js';
import { pageStyle } from './report-style.js';

/**
 * The report as one HTML file that opens anywhere without a network: styles and drawings inline, no script,
 * and a Content-Security-Policy that lets the page load nothing at all, so that even a body that slipped past
 * the escaping could fetch nothing and run nothing. Laid out as test reports people know (Playwright's,
 * Allure's): the counts on top, the verdicts down the side, and beside them each failure with what broke, the
 * command that shows it again, and the run drawn as a sequence diagram.
 */
export function htmlReport(report: HtmlReport): string {
  const sections: string[] = [];
  if (report.matrix !== undefined) sections.push(matrixSection(report.matrix));
  if (report.charts.length > 0) sections.push(`<section class="card"><h2>Latency</h2><div class="charts">${report.charts.map(cdfChart).join('\n')}</div></section>`);
  if (report.failures.length > 0) {
    sections.push(`<h2 class="failures-head">Failures <span class="meta">${report.failures.length}</span></h2>`, ...report.failures.map(failureSection));
  } else {
    sections.push('<section class="card"><h2>Nothing failed</h2><p class="meta">Every verdict is in the table.</p></section>');
  }
  if (report.failuresLeftOut !== undefined) sections.push(`<p class="more">${escapeHtml(report.failuresLeftOut)}</p>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(`${report.title} · ${report.subtitle}`)}</title>
<style>${pageStyle}</style>
</head>
<body>
<header class="top">
<div class="title"><span class="brand">apisim</span><h1>${escapeHtml(report.title)}</h1></div>
<p class="subtitle">${escapeHtml(report.subtitle)}</p>
<div class="counts">${report.counts.filter((c) => c.count > 0).map((c) => `<span class="pill ${c.tone}">${c.count.toLocaleString('en-US')} ${escapeHtml(c.label)}</span>`).join(' ')}</div>
${report.command === undefined ? '' : `<p class="made-by">made by <code>${escapeHtml(report.command)}</code></p>`}
</header>
<div class="layout">
${verdictSection(report)}
<main>
${sections.join('\n')}
</main>
</div>
</body>
</html>
`;
}

function pill(outcome: string, tone: Tone): string {
  return `<span class="pill ${tone}">${escapeHtml(outcome)}</span>`;
}

/** The verdicts beside the failures, as a test report's list of tests is: each row its verdict, its name, and the rest in a line below. */
function verdictSection(report: HtmlReport): string {
  const rows = report.verdicts.map(verdictRow).join('');
  return `<nav class="card side"><h2>Verdicts</h2><table class="verdicts">${rows}</table></nav>`;
}

function verdictRow(row: VerdictRow): string {
  const name = escapeHtml(row.name);
  const details = row.details.filter((d) => d !== '');
  const link = row.failure === undefined ? name : `<a href="#${escapeHtml(row.failure)}">${name}</a>`;
  return `<tr class="${row.tone}"><td>${pill(row.outcome, row.tone)}</td><td><div class="name">${link}</div>${details.length === 0 ? '' : `<div class="detail">${escapeHtml(details.join(' · '))}</div>`}</td></tr>`;
}

function matrixSection(m: MatrixTable): string {
  const head = `<tr><th>operation</th>${m.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>`;
  const rows = m.rows.map((row) => `<tr><td class="name">${escapeHtml(row.name)}</td>${row.cells.map((c) => `<td>${c.tone === undefined ? escapeHtml(c.text) : pill(c.text, c.tone)}</td>`).join('')}</tr>`).join('');
  const notes = m.notes.map((n) => `<p class="meta">${escapeHtml(n)}</p>`).join('');
  return `<section class="card"><h2>${escapeHtml(m.title)}</h2><div class="matrix-scroll"><table class="matrix">${head}${rows}</table></div>${notes}</section>`;
}

function failureSection(f: FailureSection): string {
  const findings = f.findings.map((finding) => {
    const facts = finding.facts.map((fact) => `<dt>${escapeHtml(fact.label)}</dt><dd>${escapeHtml(fact.text)}</dd>`).join('');
    return `<li><p class="what">${escapeHtml(finding.what)}</p>${facts === '' ? '' : `<dl>${facts}</dl>`}</li>`;
  }).join('');
  const replay = f.replay.map((r) => `<div class="replay"><span class="meta">${escapeHtml(r.label)}</span><code>${escapeHtml(r.command)}</code></div>`).join('');
  const note = f.sequenceNote === undefined ? '' : `<p class="meta">${escapeHtml(f.sequenceNote)}</p>`;
  const sequence = f.sequence === undefined ? note : `<details class="sequence" open><summary>The run as a sequence diagram <span class="meta">${f.sequence.rows.length} events</span></summary>${note}${sequenceView(f.sequence)}</details>`;
  return `<section class="card failure ${f.tone}" id="${escapeHtml(f.id)}">
<header>${pill(f.outcome, f.tone)}<h3>${escapeHtml(f.title)}</h3></header>
<p class="statement">${escapeHtml(f.statement)}</p>
${findings === '' ? '' : `<h4>What broke</h4><ul class="findings">${findings}</ul>`}
${replay === '' ? '' : `<h4>See it again</h4>${replay}`}
${sequence}
</section>`;
}

import { cdfChart } from './cdf-chart.js';
import { escapeHtml } from './html-text.js';
import type { FailureSection, HtmlReport, Tone, VerdictRow } from './report-model.js';
import { sequenceView } from './sequence-view.js';
import { pageStyle } from './report-style.js';

/**
 * The report as one HTML file that opens anywhere without a network: styles and drawings inline, no script,
 * and a Content-Security-Policy that lets the page load nothing at all, so that even a body that slipped past
 * the escaping could fetch nothing and run nothing. Laid out as test reports people know (Playwright's,
 * Allure's): the counts on top, the verdict table, then each failure with what broke, the command that shows
 * it again, and the run drawn as a sequence diagram.
 */
export function htmlReport(report: HtmlReport): string {
  const sections = [verdictSection(report)];
  if (report.charts.length > 0) sections.push(`<section class="card"><h2>Latency</h2><div class="charts">${report.charts.map(cdfChart).join('\n')}</div></section>`);
  if (report.failures.length > 0) {
    sections.push(`<h2 class="failures-head">Failures <span class="meta">${report.failures.length}</span></h2>`, ...report.failures.map(failureSection));
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
<main>
${sections.join('\n')}
</main>
</body>
</html>
`;
}

function pill(outcome: string, tone: Tone): string {
  return `<span class="pill ${tone}">${escapeHtml(outcome)}</span>`;
}

function verdictSection(report: HtmlReport): string {
  const head = `<tr><th>verdict</th>${report.verdicts.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>`;
  return `<section class="card"><h2>Verdicts</h2><table class="verdicts">${head}${report.verdicts.rows.map(verdictRow).join('')}</table></section>`;
}

function verdictRow(row: VerdictRow): string {
  const cells = row.cells.map((cell, i) => {
    const text = escapeHtml(cell);
    // The first cell names the row: it leads to the failure, when there is one.
    return `<td>${i === 0 && row.failure !== undefined ? `<a href="#${escapeHtml(row.failure)}">${text}</a>` : text}</td>`;
  });
  return `<tr class="${row.tone}"><td>${pill(row.outcome, row.tone)}</td>${cells.join('')}</tr>`;
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

import { formatDateTime } from '@/shared/dates';
import { escapeHtmlText } from '@/shared/html';
import type { RouterOutputs } from '@/browser/api-types';

export type PersonExport = RouterOutputs['dataProtection']['exportPerson'];

function label(key: string): string {
  return key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
}

/** Any value as readable HTML: objects as definition lists, lists as numbered items. */
function render(value: unknown): string {
  if (value === null || value === undefined || value === '') return '<span class="empty">—</span>';
  if (Array.isArray(value)) {
    return value.length ? `<ol>${value.map((v) => `<li>${render(v)}</li>`).join('')}</ol>` : '<span class="empty">none</span>';
  }
  if (typeof value === 'object') {
    return `<dl>${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `<dt>${escapeHtmlText(label(k))}</dt><dd>${render(v)}</dd>`)
      .join('')}</dl>`;
  }
  return escapeHtmlText(String(value));
}

/** A self-contained, printable page of everything held about one person (no scripts). */
export function subjectAccessHtml(data: PersonExport): string {
  const name = String((data.person as { details?: { name?: string } }).details?.name ?? 'Person');
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Subject access export: ${escapeHtmlText(name)}</title>
<style>body{font:14px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #cbd5e1}dl{display:grid;grid-template-columns:minmax(10rem,max-content) 1fr;gap:.2rem 1rem;margin:.3rem 0}
dt{font-weight:600;color:#475569}dd{margin:0}ol{margin:.2rem 0;padding-left:1.3rem}.empty{color:#94a3b8}@media print{h2{break-after:avoid}}</style></head><body>
<h1>Everything Valecare holds about ${escapeHtmlText(name)}</h1>
<p>Exported ${escapeHtmlText(formatDateTime(data.exportedAt))}. Record type: ${escapeHtmlText(data.kind)}.</p>
<h2>Record</h2>${render(data.person)}
<h2>MAG sessions attended</h2>${render(data.magSessions)}
<h2>Changes recorded</h2>${render(data.audit)}
</body></html>`;
}

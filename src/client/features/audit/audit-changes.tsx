/** One audit entry's changes: "field: before → after" lines, or the event's details. */
export function AuditChanges({ changes }: { changes: unknown }) {
  if (!changes || typeof changes !== 'object') return null;
  const entries = Object.entries(changes as Record<string, unknown>);
  if (entries.length === 0) return <span className="text-muted-foreground">no field changed</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-xs">
      {entries.slice(0, 12).map(([field, value]) => (
        <li key={field} className="break-words">
          <span className="font-medium">{field}</span>: {describe(value)}
        </li>
      ))}
      {entries.length > 12 && <li className="text-muted-foreground">and {entries.length - 12} more fields</li>}
    </ul>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function describe(value: unknown): string {
  if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
    const { from, to } = value as { from: unknown; to: unknown };
    return `${show(from)} → ${show(to)}`;
  }
  return show(value);
}

/** "21 Nov 2026, 14:05" in the charity's time zone. */
export function formatWhen(at: string | Date): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(at));
}

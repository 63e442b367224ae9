import { type AuditLine, auditLines } from './audit-format';

/** Lines shown before the rest fold away; a new record lists every field it was made with. */
const SHOWN = 8;

function Line({ line }: { line: AuditLine }) {
  return (
    // Values wrap wherever they must (long notes, e-mail addresses), keeping their own line breaks.
    <li className="whitespace-pre-wrap [overflow-wrap:anywhere]">
      <span className="font-medium">{line.label}</span>:{' '}
      {'value' in line ? (
        line.value
      ) : (
        <>
          <span className="text-muted-foreground">{line.from}</span> → {line.to}
        </>
      )}
    </li>
  );
}

/** One audit entry's changes: "field: before → after" lines, or the event's details. */
export function AuditChanges({ changes }: { changes: unknown }) {
  if (!changes || typeof changes !== 'object') return null;
  const lines = auditLines(changes);
  if (lines.length === 0) return <span className="text-muted-foreground text-xs">no field changed</span>;
  const rest = lines.slice(SHOWN);
  return (
    <div className="flex flex-col gap-0.5 text-xs">
      <ul className="flex flex-col gap-0.5">
        {lines.slice(0, SHOWN).map((line, i) => (
          <Line key={i} line={line} />
        ))}
      </ul>
      {rest.length > 0 && (
        <details className="group">
          <summary className="text-primary focus-visible:ring-ring/50 w-fit cursor-pointer rounded-sm outline-none focus-visible:ring-[3px]">
            <span className="group-open:hidden">Show {rest.length} more</span>
            <span className="hidden group-open:inline">Show fewer</span>
          </summary>
          <ul className="flex flex-col gap-0.5">
            {rest.map((line, i) => (
              <Line key={i} line={line} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

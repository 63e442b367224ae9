import { Link } from 'react-router';
import { useCan } from '@/client/lib/auth';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { carerKindOf } from '@/shared/carer-kind';

/** What a package shows of its carer: the id and, from the server, the carer's current name. */
export interface PackageCarer {
  carerId: string;
  carerName: string;
}

/** "MP" or "Volunteer", from the carer's id. */
export function carerKindLabel(carerId: string): string {
  const kind = carerKindOf(carerId);
  return kind ? CARER_KINDS[kind].one : 'Carer';
}

/** The carer as a list searches, filters and sorts it: name, kind and id. */
export function carerText({ carerId, carerName }: PackageCarer): string {
  return `${carerName} ${carerKindLabel(carerId)} ${carerId}`;
}

/**
 * The carer's name, linking to their record where the role may change it, with the kind and id beside it
 * (the id is what staff quote on the phone).
 */
export function CarerLabel({ carerId, carerName }: PackageCarer) {
  const kind = carerKindOf(carerId);
  const words = CARER_KINDS[kind ?? 'mp'];
  const canEdit = useCan(words.resource, 'update') && kind !== null;
  return (
    <span className="flex flex-col">
      {/* The server leaves the name out for a role that may not read that kind of carer. */}
      {!carerName ? null : canEdit ? (
        <Link
          to={`${words.path}/edit/${encodeURIComponent(carerId)}`}
          className="text-primary font-medium underline-offset-4 hover:underline"
          // A row may open its own view on click; following the link is all this click should do.
          onClick={(event) => event.stopPropagation()}
        >
          {carerName}
        </Link>
      ) : (
        <span className="font-medium">{carerName}</span>
      )}
      <span className="text-muted-foreground text-xs">
        {carerKindLabel(carerId)} · <span className="font-mono">{carerId}</span>
      </span>
    </span>
  );
}

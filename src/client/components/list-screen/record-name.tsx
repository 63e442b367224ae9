import { Badge } from '@/client/components/ui/badge';

/** A record's name in a list, marked when the record is anonymised or else archived. */
export function RecordName({ name, archived, anonymised = false }: { name: string; archived: 'Y' | 'N'; anonymised?: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
      {name}
      {anonymised ? <Badge variant="secondary">Anonymised</Badge> : archived === 'Y' && <Badge variant="outline">Archived</Badge>}
    </span>
  );
}

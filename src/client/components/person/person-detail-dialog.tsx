import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LoadState } from '@/client/components/load-state';
import { useDataProtectionTab } from '@/client/components/record/data-protection-tab';
import { DetailDialog, type DetailTab } from '@/client/components/record/detail-dialog';
import { useHistoryTab } from '@/client/components/record/history-tab';
import { NotesTab } from '@/client/components/record/notes-tab';
import { useCan } from '@/client/lib/auth';
import type { Resource } from '@/shared/permissions';
import type { Note } from '@/shared/schemas/common';

/** Which record, at which version: a change to a stale one is refused. */
interface RecordKey {
  id: string;
  version: number;
}

/** What every person's record has that their dialog shows or changes. */
interface StoredPerson {
  id: string;
  version: number;
  anonymised: boolean;
  details: { name: string; notes: Note[] };
}

/**
 * The view dialog of a client, MP or volunteer (spec §2.6): the record's own tabs, then Notes, History and
 * Data protection (for the roles that may see them); Edit opens the edit form, Delete removes the record.
 */
export function PersonDetailDialog<Person extends StoredPerson, Editable extends object>({
  personId,
  onClose,
  query,
  noun,
  errorText,
  resource,
  listPath,
  tabs,
  editable,
  update,
  remove,
}: {
  personId: string | null;
  onClose: () => void;
  query: Pick<UseQueryResult<Person>, 'data' | 'isPending' | 'isError'>;
  /** The title until the record has loaded. */
  noun: string;
  errorText: string;
  resource: Resource;
  listPath: string;
  /** The record's own tabs, before the Notes tab. */
  tabs: (person: Person) => DetailTab[];
  /** The fields the record's edit form sends, which a save of its notes sends too. */
  editable: (person: Person) => Editable;
  update: (values: Editable & RecordKey) => Promise<unknown>;
  remove: (key: RecordKey) => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const canUpdate = useCan(resource, 'update');
  const canDelete = useCan(resource, 'delete');
  const person = query.data;
  const historyTab = useHistoryTab(person?.id);
  const dataProtectionTab = useDataProtectionTab(
    person && { id: person.id, version: person.version, name: person.details.name, anonymised: person.anonymised },
  );
  return (
    <DetailDialog
      open={personId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={person?.details.name ?? noun}
      status={
        <LoadState query={query} errorText={errorText}>
          {() => null}
        </LoadState>
      }
      tabs={
        person && [
          ...tabs(person),
          {
            value: 'notes',
            label: 'Notes',
            content: (
              <NotesTab
                notes={person.details.notes}
                canEdit={canUpdate}
                onSave={(notes) => update({ ...editable(person), id: person.id, version: person.version, details: { ...person.details, notes } })}
              />
            ),
          },
          ...historyTab,
          ...dataProtectionTab,
        ]
      }
      onEdit={canUpdate ? () => void navigate(`${listPath}/edit/${personId}`) : undefined}
      onDelete={canDelete && person ? () => remove({ id: person.id, version: person.version }) : undefined}
    />
  );
}

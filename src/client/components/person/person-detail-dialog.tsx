import { useMutation } from '@tanstack/react-query';
import type { DecorateMutationProcedure, ResolverDef } from '@trpc/tanstack-react-query';
import { useDataProtectionTab } from '@/client/components/record/data-protection-tab';
import { type RecordApi, RecordDetailDialog, type StoredRecord } from '@/client/components/record/detail-dialog';
import type { DetailTab } from '@/client/components/record/detail-tab';
import { NotesTab } from '@/client/components/record/notes-tab';
import { useCan } from '@/client/lib/auth';
import type { Resource } from '@/shared/permissions';
import type { Note } from '@/shared/schemas/common';

/** What every person's record has that their dialog shows or changes. */
interface StoredPerson extends StoredRecord {
  anonymised: boolean;
  details: { name: string; notes: Note[] };
}

/** The procedures a person's view dialog loads, deletes and saves notes with. */
interface PersonApi<TGet extends ResolverDef, TDelete extends ResolverDef, TUpdate extends ResolverDef> extends RecordApi<TGet, TDelete> {
  update: DecorateMutationProcedure<TUpdate>;
}

/**
 * The view dialog of a client, MP or volunteer (spec §2.6): titled with their name, the record's own tabs,
 * then Notes, History and Data protection (for the roles that may see them), with Edit, Delete and Close.
 */
export function PersonDetailDialog<
  TGet extends ResolverDef & { input: { id: string }; output: StoredPerson },
  TDelete extends ResolverDef & { input: { id: string; version?: number } },
  TUpdate extends ResolverDef & { input: { id: string; version?: number } },
>({
  personId,
  onClose,
  api,
  words,
  resource,
  listPath,
  tabs,
  editable,
}: {
  /** Null while closed. */
  personId: string | null;
  onClose: () => void;
  /** The person's router, e.g. trpc.clients. */
  api: PersonApi<TGet, TDelete, TUpdate>;
  /** The dialog's title until the record arrives, and its load error. */
  words: { one: string; loadError: string };
  resource: Resource;
  listPath: string;
  /** The record's own tabs, before the Notes tab. */
  tabs: (person: TGet['output']) => DetailTab[];
  /** The fields the record's edit form sends, which a save of its notes sends too. */
  editable: (person: TGet['output']) => Omit<TUpdate['input'], 'id' | 'version'>;
}) {
  const canUpdate = useCan(resource, 'update');
  const update = useMutation(api.update.mutationOptions());
  const dataProtectionTab = useDataProtectionTab();
  return (
    <RecordDetailDialog
      recordId={personId}
      onClose={onClose}
      title={(person) => person.details.name}
      api={api}
      resource={resource}
      words={words}
      tabs={(person) => [
        ...tabs(person),
        {
          value: 'notes',
          label: 'Notes',
          content: (
            <NotesTab
              notes={person.details.notes}
              canEdit={canUpdate}
              onSave={(notes) =>
                // Generic procedure types leave the input's type unresolved here; `editable` is checked against it.
                update.mutateAsync({ ...editable(person), id: person.id, version: person.version, details: { ...person.details, notes } } as TUpdate['input'])
              }
            />
          ),
        },
      ]}
      history
      tabsAfterHistory={(person) => dataProtectionTab({ id: person.id, version: person.version, name: person.details.name, anonymised: person.anonymised })}
      editPath={(id) => `${listPath}/edit/${id}`}
    />
  );
}

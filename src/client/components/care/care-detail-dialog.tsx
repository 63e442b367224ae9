import type { ResolverDef } from '@trpc/tanstack-react-query';
import { type RecordApi, RecordDetailDialog, type StoredRecord } from '@/client/components/record/detail-dialog';
import type { DetailTab } from '@/client/components/record/detail-tab';
import { CARE_ITEMS, type CareItem } from './care-items';

/** The view dialog of a request or package (spec §2.6): titled with its name, with Edit, Delete and Close. */
export function CareDetailDialog<
  TGet extends ResolverDef & { input: { id: string }; output: StoredRecord & { details: { name: string } } },
  TDelete extends ResolverDef & { input: { id: string; version?: number } },
>({
  what,
  api,
  tabs,
  history,
  itemId,
  onClose,
}: {
  what: CareItem;
  /** The item's router: trpc.requests or trpc.packages. */
  api: RecordApi<TGet, TDelete>;
  tabs: (item: TGet['output']) => DetailTab[];
  history?: boolean;
  /** Null while closed. */
  itemId: string | null;
  onClose: () => void;
}) {
  const { resource, one, loadError, viewTitle, editPath } = CARE_ITEMS[what];
  return (
    <RecordDetailDialog
      recordId={itemId}
      onClose={onClose}
      api={api}
      resource={resource}
      words={{ one, loadError }}
      title={(item) => viewTitle(item.details.name)}
      tabs={tabs}
      history={history}
      editPath={editPath}
    />
  );
}

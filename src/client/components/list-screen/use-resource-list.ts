import { type UseMutationOptions, type UseQueryResult, useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useCan } from '@/client/lib/auth';
import type { Resource } from '@/shared/permissions';
import type { ListScreenProps } from './list-screen';
import { useSavedRowId } from './saved-row';
import type { ListPermissions, RowActions } from './types';
import { useViewParam } from './use-view-param';

/** A stored record as a list holds it: a change or delete names its version. */
interface Versioned {
  id: string;
  version: number;
}

/** How a list of one resource looks: its words, columns and first order. */
export type ResourceListConfig<T> = Pick<ListScreenProps<T>, 'title' | 'searchPlaceholder' | 'columns' | 'getRowLabel'> &
  Partial<Pick<ListScreenProps<T>, 'headingLevel' | 'searchLabel' | 'emptyMessage' | 'defaultSort'>> & {
    /** Shown when the rows fail to load; defaults to "Error loading {title}" in lower case. */
    errorText?: string;
  };

/** The delete procedure's options (`trpc.<resource>.delete.mutationOptions()`), and its input for a row unless that is the id and version. */
type RemoveWiring<T, I, O, E, C> =
  | { remove: UseMutationOptions<O, E, Versioned, C>; removeInput?: undefined }
  | { remove: UseMutationOptions<O, E, I, C>; removeInput: (row: T) => I };

// O, E and C: the delete procedure's output, error and context, whatever they are.
type ResourceListWiring<T, I, O, E, C> = RemoveWiring<T, I, O, E, C> & {
  /** Whose create, update and delete rights decide what the list offers. */
  resource: Resource;
  query: Pick<UseQueryResult<T[]>, 'data' | 'isPending' | 'isError'>;
  /** The list's address: Add New opens `{path}/create` and Edit `{path}/edit/{id}`, unless `addPath` or `editPath` say otherwise. */
  path?: string;
  addPath?: string;
  editPath?: (row: T) => string;
};

/** The rights a role has on one resource, as a list screen asks for them. */
export function useListPermissions(resource: Resource): ListPermissions {
  return {
    create: useCan(resource, 'create'),
    update: useCan(resource, 'update'),
    delete: useCan(resource, 'delete'),
  };
}

/**
 * The wiring every list of records shares: the role's rights, loading and error, Add New and Edit pages,
 * delete (the list asks first), the record a form has just saved and the `?view=` dialog.
 */
export function useResourceList<T extends Versioned, I, O, E, C>(config: ResourceListConfig<T>, wiring: ResourceListWiring<T, I, O, E, C>) {
  const { resource, query, path } = wiring;
  const addPath = wiring.addPath ?? (path && `${path}/create`);
  const editPath = wiring.editPath ?? ((row: T) => `${path}/edit/${row.id}`);
  const navigate = useNavigate();
  const [viewing, setViewing] = useViewParam();
  // The procedure takes the row's id and version, or else what `removeInput` makes of the row (see RemoveWiring).
  const deletion = useMutation(wiring.remove as UseMutationOptions<O, E, I | Versioned, C>);
  const removeInput = (row: T) => (wiring.removeInput ? wiring.removeInput(row) : { id: row.id, version: row.version });
  const goTo = (path: string, state?: unknown) => void navigate(path, { state });
  const { errorText = `Error loading ${config.title.toLowerCase()}`, ...look } = config;
  const props = {
    ...look,
    rows: query.data,
    isLoading: query.isPending,
    error: query.isError ? errorText : undefined,
    permissions: useListPermissions(resource),
    savedRowId: useSavedRowId(),
    getRowId: (row: T) => row.id,
    onAddNew: addPath === undefined ? undefined : () => goTo(addPath),
  } satisfies ListScreenProps<T>;
  const actions = {
    onEdit: (row: T) => goTo(editPath(row)),
    onDelete: (row: T) => deletion.mutateAsync(removeInput(row)),
  } satisfies RowActions<T>;
  return {
    props,
    actions,
    goTo,
    /** The record whose view dialog is open, from `?view=`. */
    viewing,
    onView: (row: T) => setViewing(row.id),
    closeView: () => setViewing(null),
  };
}

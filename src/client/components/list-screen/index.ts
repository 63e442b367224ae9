export { ListScreen, type ListScreenProps } from './list-screen';
export type { ListColumn, ListPermissions, RowActions } from './types';

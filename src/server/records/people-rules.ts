/** Names change only through the Edit name dialog (spec §2.7, §5). */
export const NAME_CHANGE_REFUSED = 'The name cannot be changed here. Use Edit name to change it.';

/** When a person counts as archived from: kept while they stay archived, now when newly archived, none when restored. */
export function archivedAtAfter(stored: { archived: string; archivedAt: Date | null }, archived: string): Date | null {
  if (archived !== 'Y') return null;
  return stored.archived === 'Y' ? (stored.archivedAt ?? new Date()) : new Date();
}

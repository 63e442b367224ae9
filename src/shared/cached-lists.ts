/**
 * The long lists the dashboard and list screens open most (spec §7). The web app asks for each on its
 * own, not in a batch, so the server can answer it from the copy it keeps while nothing has been written.
 */
export const CACHED_LISTS = ['clients.getAllNotArchived', 'requests.getAllNotEndedYet', 'packages.getAllNotEndedYet'] as const;

export type CachedList = (typeof CACHED_LISTS)[number];

export function isCachedList(path: string): path is CachedList {
  return (CACHED_LISTS as readonly string[]).includes(path);
}

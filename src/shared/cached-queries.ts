/**
 * The queries staff open most and the server works hardest for: the long lists of the dashboard and
 * list screens (spec §7), the lists the package, MAG and carer pickers read, the cross sections, the hours reports
 * and the Delivered Care Report (a copy is kept only while nothing has been written, so care recorded a moment ago
 * is always counted). The web app asks for each on its own, not in a batch,
 * so the server can answer it from the copy it keeps while nothing has been written.
 */
export const CACHED_QUERIES = [
  'clients.getAllNotArchived',
  'requests.getAllNotEndedYet',
  'packages.getAllNotEndedYet',
  'requests.getAllMetadata',
  'mps.getAllNotArchived',
  'volunteers.getAllNotArchived',
  'analytics.getActiveRequestsCrossSection',
  'analytics.getActivePackagesCrossSection',
  'analytics.getRequestsReport',
  'analytics.getPackagesReport',
  'analytics.getRequestsDeprivationReport',
  'analytics.getPackagesDeprivationReport',
  'analytics.getDeliveredReport',
] as const;

export type CachedQuery = (typeof CACHED_QUERIES)[number];

export function isCachedQuery(path: string): path is CachedQuery {
  return (CACHED_QUERIES as readonly string[]).includes(path);
}

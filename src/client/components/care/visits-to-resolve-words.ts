/** Where Visits to resolve stand on the Timesheets screen: the Dashboard's count links there. */
export const VISITS_TO_RESOLVE_ID = 'visits-to-resolve';

/** "1 visit to resolve", "3 visits to resolve". */
export const visitsToResolveText = (count: number) => `${count} ${count === 1 ? 'visit' : 'visits'} to resolve`;

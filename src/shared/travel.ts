// Driving between two places when no routing engine is run: the straight line, stretched to the roads, at the pace of
// rural roads (docs/decisions/334-travel-estimated-from-post-codes.md gives the figures and where they come from).

/** Where a post code lies (WGS84, as the ONS Postcode Directory gives it). */
export interface Place {
  latitude: number;
  longitude: number;
}

/** Driving from one place to another. */
export interface Travel {
  minutes: number;
  miles: number;
}

export const NO_TRAVEL: Travel = { minutes: 0, miles: 0 };

export const addTravel = (a: Travel, b: Travel): Travel => ({ minutes: a.minutes + b.minutes, miles: a.miles + b.miles });

const EARTH_RADIUS_MILES = 3958.8;
/** Roads wind more than the straight line: 1.4 over longer trips, more over short ones through lanes and villages. */
const ROAD_FACTOR = 1.4;
const SHORT_TRIP_EXTRA = 0.4;
const SHORT_TRIP_MILES = 1.25;
/** The average pace door to door on rural A, B and unclassified roads. */
const RURAL_MPH = 30;
/** Setting off and parking at each end, whatever the distance. */
const STOP_MINUTES = 2;

/** The great-circle distance in miles (haversine). */
export function straightMiles(from: Place, to: Place): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLong = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The estimated drive: none between places at the same spot (the same post code). */
export function estimatedTravel(from: Place, to: Place): Travel {
  const straight = straightMiles(from, to);
  if (straight < 0.01) return NO_TRAVEL;
  const miles = straight * (ROAD_FACTOR + SHORT_TRIP_EXTRA * Math.exp(-straight / SHORT_TRIP_MILES));
  return { miles, minutes: STOP_MINUTES + (miles / RURAL_MPH) * 60 };
}

/** "+18 min", "1 h 5 min": driving time as the office reads it, whole minutes. */
export function drivingWords(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const rest = whole % 60;
  return rest ? `${Math.floor(whole / 60)} h ${rest} min` : `${Math.floor(whole / 60)} h`;
}

/** "12.4 miles": to the tenth. */
export const milesWords = (miles: number) => `${(Math.round(miles * 10) / 10).toFixed(1)} miles`;

/** "12 min and 4.1 miles". */
export const travelWords = (travel: Travel) => `${drivingWords(travel.minutes)} and ${milesWords(travel.miles)}`;

/** The driving a shorter plan saves: never fewer miles than none, where a quicker road is a little longer. */
export const travelSaved = (before: Travel, after: Travel): Travel => ({ minutes: before.minutes - after.minutes, miles: Math.max(0, before.miles - after.miles) });

/** Whether any drive of a day is known: none is where no place of it is on the map. */
export const anyDriveKnown = (day: { legs: Record<string, Travel | null>; back: Travel | null }) => day.back !== null || Object.values(day.legs).some((leg) => leg !== null);

/** The drive to a visit, in words: from home for the first, from the visit before for the others; null, not known. */
export function legWords(leg: Travel | null, first: boolean): string {
  if (leg === null) return 'Drive not known: a post code has no map position';
  return `${drivingWords(leg.minutes)} drive from ${first ? 'home' : 'the visit before'} (${milesWords(leg.miles)})`;
}

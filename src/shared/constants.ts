/** Business constants of spec §9. */

export const PRODUCT_NAME = 'Valecare';

export const LOCALITIES = [
  'Wiveliscombe',
  'Ashbrittle',
  'Bathealton',
  'Brompton Ralph',
  'Chipstable',
  'Waterrow',
  'Clatworthy',
  'Huish Champflower',
  'Milverton',
  'Stawley',
  'Other',
] as const;
export type Locality = (typeof LOCALITIES)[number];

export const SERVICES = [
  'Personal Care',
  'Domestic',
  'Attendance Allowance',
  'Blue Badge',
  'Companionship',
  'Sitting Service',
  'Overnight',
  'Meal Prep',
  'Med Prompt',
  'Transport',
  'Information',
  'MAG',
  'Other',
] as const;
export type Service = (typeof SERVICES)[number];

export const TRAINING_TYPES = ['First Aid', 'Professional Boundaries', 'Manual Handling', 'GDPR', 'Other'] as const;
export const NOTE_SOURCES = ['Phone', 'Email', 'In Person'] as const;
export const ATTENDANCE_ALLOWANCE = ['no', 'pending', 'Low', 'High'] as const;
export type AttendanceAllowance = (typeof ATTENDANCE_ALLOWANCE)[number];
/** How each attendance allowance value reads, wherever it is shown or chosen: one set of words. */
export const ATTENDANCE_ALLOWANCE_LABELS: Record<AttendanceAllowance, string> = {
  no: 'No',
  pending: 'Pending',
  Low: 'Yes (low rate)',
  High: 'Yes (high rate)',
};
export const REQUEST_TYPES = ['paid', 'unpaid'] as const;
export const REQUEST_STATUSES = ['pending', 'urgent'] as const;
export const DEPRIVATION_CATEGORIES = ['Both', 'Income', 'Health', 'None'] as const;

export const DEFAULT_LOCALITY: Locality = 'Wiveliscombe';
export const DEFAULT_COUNTY = 'Somerset';
export const DEFAULT_WEEKLY_HOURS = 1;
export const MAX_WEEKLY_HOURS = 168;

/** The earliest year hours reports cover. */
export const FIRST_REPORT_YEAR = 2017;

/** Cached query data is fresh for 5 minutes and kept for 10 (spec §9). */
export const QUERY_STALE_MS = 5 * 60_000;
export const QUERY_CACHE_MS = 10 * 60_000;

/** Spec §9 toast timings. */
export const TOAST = {
  mutationSuccessMs: 2000,
  screenSuccessMs: 3000,
  blankMs: 4000,
  screenErrorMs: 5000,
  deprivationMs: 6000,
  maxToasts: 20,
  removeDelayMs: 1000,
  /** Long enough to read the toast and reach its Undo. */
  undoMs: 8000,
  /** Said as a form opens with what was typed before the session ended: long enough to read while finding one's place. */
  draftRestoredMs: 10_000,
} as const;

/** The query of an address that goes straight to the sign-in form ("/?sign-in"), as the password pages link. */
export const SIGN_IN_PARAM = 'sign-in';

export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  pageNotFound: 'Page not found',
  alreadySignedIn: 'There is already a signed in user',
  stateMismatch: 'An error occurred while validating the state',
  userCancelled: 'User cancelled OAuth flow',
  noAccessToken: 'No access token returned from OAuth flow',
  signInCanceled: 'signInWithRedirect has been canceled',
  noSessionAfterSignIn: 'Unable to get user session following successful sign-in',
  logoutFailed: 'An error occurred when attempting to log out from OAuth provider',
  invalidIdToken: 'Invalid Idtoken',
  postCodeRequired: 'Post code is required',
} as const;

// What the carer app and the server agree on, without the schemas (and zod) the phone's small bundle does without.

/** The most visits one call sends: a phone with more waiting sends them in turns. */
export const MAX_VISITS_A_CALL = 100;

/** What the server tells a phone whose carer's access has ended: the app then wipes what it keeps. */
export const ACCESS_ENDED = 'Your access to the carer app has ended. Ask the office if this is a mistake.';

/** On `/carer/`, the office's app sent a carer here signed in: the carer app joins that sign-in without asking again. */
export const FROM_OFFICE_PARAM = 'from-office';

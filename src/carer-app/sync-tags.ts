/** The Background Sync tag the app registers when it saves a visit, and the message the worker then posts to it. */
export const SEND_SYNC_TAG = 'valecare-send-visits';
export const SEND_MESSAGE = 'valecare-send-visits';

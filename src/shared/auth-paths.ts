/** Where the built-in sign-in service answers: its OpenID endpoints, sign-in pages and password links. */
export const AUTH_PREFIX = '/auth';

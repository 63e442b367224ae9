import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Query parameters that carry a credential: the ID token sent at sign-out (`id_token_hint`), the
 * authorization code the sign-in returns with, and any token or secret a caller puts in a URL.
 */
const CREDENTIAL_PARAMS = ['id_token_hint', 'code', 'code_verifier', 'id_token', 'access_token', 'refresh_token', 'token', 'client_secret'];
/** What stands where a credential was. */
export const REDACTED = '[Redacted]';
const CREDENTIAL_IN_QUERY = new RegExp(`([?&](?:${CREDENTIAL_PARAMS.join('|')})=)[^&#\\s"']*`, 'gi');

/** Paths whose last segment is a live link's token: an invitation's or a password reset's. */
const TOKEN_IN_PATH = /(\/auth\/password\/)[^/?#\s"']+/gi;

/** A signed token (a JWT: its header, base64url JSON, begins `eyJ`) wherever it is, such as a GET's tRPC input. */
const SIGNED_TOKEN = /eyJ[\w-]*\.[\w-]+\.[\w-]+/g;

/** The text (a URL, or a message holding one) with every credential in it replaced: in the query, a link's path, or a token anywhere. */
function redactCredentials(text: string): string {
  return text.replace(CREDENTIAL_IN_QUERY, `$1${REDACTED}`).replace(TOKEN_IN_PATH, `$1${REDACTED}`).replace(SIGNED_TOKEN, REDACTED);
}

/**
 * The server's logger. Requests are logged as Fastify logs them, with credentials in URLs redacted
 * (in messages too); headers that carry credentials are redacted wherever a log line holds them.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactCredentials(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      // Messages too: Fastify names an unknown route by its whole URL.
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactCredentials(arg) : arg)) as typeof args);
        },
      },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]'],
        censor: REDACTED,
      },
    },
    destination,
  );
}

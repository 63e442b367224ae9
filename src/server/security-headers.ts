import type { FastifyInstance } from 'fastify';
import type { Env } from './env';

/**
 * Headers on every response, including those the OpenID provider writes itself (hence on the raw
 * response): no inline scripts, no framing, no sniffing, HSTS when served over HTTPS, and no caching
 * of API and sign-in answers.
 */
export function securityHeaders(app: FastifyInstance, env: Env): void {
  const issuerOrigin = env.externalOidc ? new URL(env.externalOidc.issuer).origin : '';
  const logoutOrigin = env.externalOidc?.logoutUrl ? new URL(env.externalOidc.logoutUrl).origin : '';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // react-select and toasts set inline styles; scripts stay locked down.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${issuerOrigin}`.trim(),
    `form-action 'self' ${issuerOrigin} ${logoutOrigin}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
  const https = env.publicUrl.startsWith('https://');

  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    // API and sign-in answers hold personal data and tokens: no browser or proxy may keep a copy.
    // (A route may still set its own, as the sign-in page's static files do.)
    if (/^\/(trpc|auth)(\/|\?|$)/.test(request.url)) raw.setHeader('Cache-Control', 'no-store');
    raw.setHeader('Content-Security-Policy', csp);
    raw.setHeader('X-Content-Type-Options', 'nosniff');
    raw.setHeader('X-Frame-Options', 'DENY');
    raw.setHeader('Referrer-Policy', 'no-referrer');
    raw.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    raw.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (https) raw.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}

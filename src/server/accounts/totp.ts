import { Secret, TOTP } from 'otpauth';
import { encode } from 'uqr';
import { escapeHtmlText } from '@/shared/html';

/** Time-based one-time codes (RFC 6238) as every authenticator app makes them: SHA-1, 6 digits, 30 seconds. */

export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step either side of now are accepted: phone clocks drift and people type slowly. */
export const TOTP_WINDOW_STEPS = 1;
export const TOTP_ISSUER = 'Valecare';

/** The code generator for a stored secret (base32, as authenticator apps take it). */
function totp(secret: string, label?: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS });
}

/** A new shared secret in base32: 160 random bits, the size RFC 4226 recommends for SHA-1. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step a moment falls in. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for one time step. */
export function totpCode(secret: string, step: number): string {
  return totp(secret).generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
}

/** The step whose code this is, within the window around now, or undefined. */
export function matchingTotpStep(secret: string, code: string, nowMs: number): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW_STEPS });
  return delta === null ? undefined : totpStep(nowMs) + delta;
}

/** The address an authenticator app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  return totp(secret, email).toString();
}

/** The secret in groups of four, easier to read out and type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A QR code drawn as one SVG path (no script, no image request), black on white as every app reads best. */
function qrCodeSvg(text: string, label: string): string {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  const size = data.length;
  let path = '';
  data.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x] || row[x - 1]) continue;
      let run = 1;
      while (row[x + run]) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
    }
  });
  return `<svg class="qr" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeHtmlText(label)}" shape-rendering="crispEdges" xmlns="http://www.w3.org/2000/svg"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** The QR code an authenticator app scans to add this account. */
export function authenticatorQrCode(email: string, secret: string): string {
  return qrCodeSvg(otpauthUri(email, secret), `QR code to add Valecare for ${email} to an authenticator app`);
}

import { describe, expect, it } from 'vitest';
import { createLogger } from './log';

/** A message as the server's log writes it. */
function redactCredentials(text: string): string {
  const lines: string[] = [];
  createLogger('info', { write: (line: string) => void lines.push(line) }).info(text);
  return (JSON.parse(lines[0]!) as { msg: string }).msg;
}

describe('redactCredentials', () => {
  it('replaces the value of every credential-bearing query parameter, and nothing else', () => {
    expect(redactCredentials('/auth/session/end?id_token_hint=eyJ.a.b&post_logout_redirect_uri=https%3A%2F%2Fx%2F')).toBe(
      '/auth/session/end?id_token_hint=[Redacted]&post_logout_redirect_uri=https%3A%2F%2Fx%2F',
    );
    expect(redactCredentials('/?state=s1&code=abc-123')).toBe('/?state=s1&code=[Redacted]');
    expect(redactCredentials('Route GET:/x?refresh_token=r1&TOKEN=t1 not found')).toBe('Route GET:/x?refresh_token=[Redacted]&TOKEN=[Redacted] not found');
    expect(redactCredentials('/trpc/clients.getAll?input=%7B%22code%22%3A1%7D&barcode=1')).toBe('/trpc/clients.getAll?input=%7B%22code%22%3A1%7D&barcode=1');
  });

  it('replaces a signed token wherever it is, such as a GET’s tRPC input', () => {
    const input = encodeURIComponent(JSON.stringify({ idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJl-_' }));
    expect(redactCredentials(`/trpc/carerApp.accessState?input=${input}`)).toBe('/trpc/carerApp.accessState?input=%7B%22idToken%22%3A%22[Redacted]%22%7D');
  });

  it('replaces the token of an invitation or reset link in its path, and leaves other pages be', () => {
    expect(redactCredentials('/auth/password/Zk3-q_9xYw')).toBe('/auth/password/[Redacted]');
    expect(redactCredentials('Route POST:/auth/password/Zk3-q_9xYw?x=1 not found')).toBe('Route POST:/auth/password/[Redacted]?x=1 not found');
    expect(redactCredentials('/auth/forgot-password')).toBe('/auth/forgot-password');
  });
});

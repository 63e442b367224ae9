import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');

test('the built web app has no source maps and points to none, and none is served', async ({ request }) => {
  const files = readdirSync(CLIENT_DIR, { recursive: true, encoding: 'utf8' });
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  const code = files.filter((file) => /\.(js|css)$/.test(file));
  expect(code.length).toBeGreaterThan(0);
  for (const file of code) {
    expect({ file, mapped: readFileSync(path.join(CLIENT_DIR, file), 'utf8').includes('sourceMappingURL') }).toEqual({ file, mapped: false });
  }

  const page = await (await request.get('/')).text();
  const served = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  expect(served.length).toBeGreaterThan(0);
  for (const asset of served) {
    expect((await request.get(asset)).status()).toBe(200);
    expect((await request.get(`${asset}.map`)).status()).toBe(404);
  }
});

/**
 * The front end's files as the server sends them: each fetched from the running server by `node:http`, which decodes
 * nothing, with `Accept-Encoding: br`, with `gzip` and with none, and the bytes of each body counted as they came.
 */
import { get } from 'node:http';

/**
 * The bytes of a built file's body as the server sends it (`node:http` decodes nothing) to a browser that accepts
 * `encoding`, or to one that sends no Accept-Encoding.
 */
export function bytesAsSent(baseUrl: string, file: string, encoding?: 'br' | 'gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    get(new URL(`/${file}`, baseUrl), { headers: encoding ? { 'accept-encoding': encoding } : {} }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${file}: the server answered ${response.statusCode}`))));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** A file's bytes as sent with brotli, with gzip, and to a browser that accepts neither. */
export interface BytesAsSent {
  brotliBytes: number;
  gzipBytes: number;
  rawBytes: number;
}

export async function fileAsSent(baseUrl: string, file: string): Promise<BytesAsSent> {
  return { brotliBytes: await bytesAsSent(baseUrl, file, 'br'), gzipBytes: await bytesAsSent(baseUrl, file, 'gzip'), rawBytes: await bytesAsSent(baseUrl, file) };
}

/** Files of the build (paths from its root, as in their URLs) and their bytes as sent, added up. */
export interface ScriptSet extends BytesAsSent {
  files: string[];
}

/** Each file fetched from the running server once each way (brotli, gzip, none), and the bytes added up. */
export async function scriptSet(baseUrl: string, files: Iterable<string>): Promise<ScriptSet> {
  const list = [...new Set(files)].sort();
  const set: ScriptSet = { files: list, brotliBytes: 0, gzipBytes: 0, rawBytes: 0 };
  for (const file of list) {
    const sent = await fileAsSent(baseUrl, file);
    set.brotliBytes += sent.brotliBytes;
    set.gzipBytes += sent.gzipBytes;
    set.rawBytes += sent.rawBytes;
  }
  return set;
}

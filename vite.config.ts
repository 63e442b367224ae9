import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, createServer, defineConfig, type Plugin, type ViteDevServer } from 'vite';

const API = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const ALIAS = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/** The built files sent compressed: text. Images (png) are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|webmanifest|json)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes beside each text file under `dir` its brotli (quality 11) and gzip (level 9) copy, `NAME.br` and `NAME.gz`,
 * which the server sends in its place to a browser that accepts one (@fastify/static's `preCompressed`). A copy no
 * smaller than the file is not written: the server then sends the next encoding, or the file itself.
 */
export async function writeCompressedCopies(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [extension, copy] of [['br', br], ['gz', gz]] as const) if (copy.length < raw.length) await writeFile(`${file}.${extension}`, copy);
    }),
  );
}

/**
 * `vite build` builds the carer app (vite.carer.config.ts) into dist/client/carer once the office's app is built, then
 * writes the compressed copies of both apps' files (the carer app's service worker, written last, included).
 */
function carerAppAndCompressedCopies(): Plugin {
  let outDir = '';
  return {
    name: 'valecare-carer-app',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({ configFile: fileURLToPath(new URL('./vite.carer.config.ts', import.meta.url)), logLevel: 'warn' });
      await writeCompressedCopies(outDir);
    },
  };
}

/** Where src/client/index.html takes the pages drawn at build: the landing page and the loading screen. */
const LANDING_MARK = '<!-- landing page -->';

/**
 * Draws the landing page and the loading screen into index.html in place of LANDING_MARK, as templates
 * (src/client/app/landing-markup.tsx) the page's script shows without React: the landing page to a signed-out
 * visitor, the loading screen to anyone else until the app's code has come. The components are loaded through Vite
 * (the dev server's own, or one made for the build), so it is the same code, with the same aliases, as the app draws.
 */
function landingPageInHtml(): Plugin {
  let devServer: ViteDevServer | undefined;
  return {
    name: 'valecare-landing-page',
    configureServer(server) {
      devServer = server;
    },
    async transformIndexHtml(html) {
      if (!html.includes(LANDING_MARK)) return html;
      const server =
        devServer ??
        (await createServer({
          configFile: false,
          root: fileURLToPath(new URL('./src/client', import.meta.url)),
          resolve: { alias: ALIAS },
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
          appType: 'custom',
          logLevel: 'warn',
        }));
      try {
        const { pagesDrawnAtBuild } = (await server.ssrLoadModule('/app/landing-markup.tsx')) as { pagesDrawnAtBuild(): string };
        return html.replace(LANDING_MARK, pagesDrawnAtBuild());
      } finally {
        if (!devServer) await server.close();
      }
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), landingPageInHtml(), carerAppAndCompressedCopies()],
  resolve: { alias: ALIAS },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Everything in dist/client is public: no source maps, and no comment pointing to one.
    sourcemap: false,
    // Small shared chunks are copied into the chunks that read them (one module state kept by rolldown's runtime):
    // the dashboard came in 30 files of a few hundred bytes, six at a time on a phone's connection (decision 321).
    rolldownOptions: { output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8 * 1024 } } } },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/trpc': API,
      '/auth': API,
      '/healthz': API,
      '/config.json': API,
    },
  },
});

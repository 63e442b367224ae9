import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import type { DrawnAtBuild } from './src/client/app/landing-markup';
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
/** Where the page draws the app (main.ts): empty in index.html, the loading screen in a screen's page. */
const ROOT = '<div id="root"></div>';

/**
 * Draws the landing page and the loading screen into index.html in place of LANDING_MARK, as templates
 * (src/client/app/landing-markup.tsx) the page's script shows without React: the landing page to a signed-out
 * visitor, the loading screen to anyone else until the app's code has come. The components are loaded through Vite
 * (the dev server's own, or one made for the build), so it is the same code, with the same aliases, as the app draws.
 * What was drawn is kept in `drawn` for the screens' pages (screenPages).
 */
function landingPageInHtml(drawn: { pages?: DrawnAtBuild }): Plugin {
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
        const { drawnAtBuild } = (await server.ssrLoadModule('/app/landing-markup.tsx')) as { drawnAtBuild(): DrawnAtBuild };
        drawn.pages = drawnAtBuild();
        return html.replace(LANDING_MARK, drawn.pages.landingTemplate + drawn.pages.loadingTemplate);
      } finally {
        if (!devServer) await server.close();
      }
    },
  };
}

/** SCREEN_CODE: each screen's address and the module of its code (`'/dashboard': () => import('@/client/…')`). */
const SCREEN_CODE_FILE = fileURLToPath(new URL('./src/client/app/screen-code.ts', import.meta.url));
const APP_MODULE = fileURLToPath(new URL('./src/client/app/app.tsx', import.meta.url));

/**
 * Writes beside index.html a page for each screen's address, pages/dashboard.html for /dashboard, which the server
 * answers that address with (src/server/app.ts): index.html naming, for the browser to fetch beside the page's own
 * script, the app's code, the screen's, and the sign-in settings. Otherwise they are asked for only once that script
 * has come and run, a round trip and more later on a slow line (decision 323). / keeps index.html: its landing page
 * needs none of it.
 */
function screenPages(drawn: { pages?: DrawnAtBuild }): Plugin {
  return {
    name: 'valecare-screen-pages',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error('screen pages: the build wrote no index.html');
      const html = String(page.source);
      const chunkOf = new Map<string, OutputChunk>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk' && file.facadeModuleId) chunkOf.set(file.facadeModuleId, file);
      /** The chunk's file and those it imports, and they import, as the browser will ask for them. */
      const withImports = (chunk: OutputChunk, files: Set<string>): Set<string> => {
        if (files.has(chunk.fileName)) return files;
        files.add(chunk.fileName);
        for (const imported of chunk.imports) withImports(bundle[imported] as OutputChunk, files);
        return files;
      };
      const chunkFor = (id: string | undefined) => {
        const chunk = id ? chunkOf.get(id) : undefined;
        if (!chunk) throw new Error(`screen pages: no chunk for ${id}`);
        return chunk;
      };
      const source = await readFile(SCREEN_CODE_FILE, 'utf8');
      const screens = [...source.matchAll(/'\/([\w-]+)': \(\) => import\('(@\/[\w/-]+)'\)/g)];
      if (screens.length === 0 || screens.length !== source.split('import(').length - 1) throw new Error('screen pages: SCREEN_CODE was not read whole');
      const app = withImports(chunkFor(APP_MODULE), new Set());
      // A screen's page is never the landing page (/ is index.html), and shows the loading screen as soon as it is read.
      const { pages } = drawn;
      if (!pages || !html.includes(pages.landingTemplate) || !html.includes(ROOT)) throw new Error('screen pages: index.html is not as landingPageInHtml drew it');
      const pageHtml = html.replace(pages.landingTemplate, '').replace(ROOT, `<div id="root">${pages.loadingScreen}</div>`);
      for (const [, screen, module] of screens) {
        const files = withImports(chunkFor((await this.resolve(module!, SCREEN_CODE_FILE))?.id), new Set(app));
        const links = [...files].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        // main.ts asks for /config.json as it asks for the app's code: the same request, fetched with the page.
        links.push('<link rel="preload" as="fetch" crossorigin href="/config.json">');
        this.emitFile({ type: 'asset', fileName: `pages/${screen}.html`, source: pageHtml.replace('</head>', `${links.join('\n    ')}\n  </head>`) });
      }
    },
  };
}

/** The pages landingPageInHtml draws, which screenPages reuses. */
const drawnPages: { pages?: DrawnAtBuild } = {};

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), landingPageInHtml(drawnPages), screenPages(drawnPages), carerAppAndCompressedCopies()],
  resolve: { alias: ALIAS },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Everything in dist/client is public: no source maps, and no comment pointing to one.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small shared chunks are copied into the chunks that read them (one module state kept by rolldown's runtime):
          // the dashboard came in 30 files of a few hundred bytes, six at a time on a phone's connection (decision 321).
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          // The libraries every signed-in screen runs on, in two files rather than a dozen: fewer requests queued behind
          // the six a connection of HTTP/1.1 allows at once (decision 323).
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'libraries', test: /[\\/]node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query)|@trpc|tailwind-merge|clsx|class-variance-authority|react-hot-toast|goober)[\\/]/ },
          ],
        },
      },
    },
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

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const API = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** `vite build` builds the carer app (vite.carer.config.ts) into dist/client/carer once the office's app is built. */
function carerApp(): Plugin {
  return {
    name: 'valecare-carer-app',
    apply: 'build',
    async closeBundle() {
      await build({ configFile: fileURLToPath(new URL('./vite.carer.config.ts', import.meta.url)), logLevel: 'warn' });
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), carerApp()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Everything in dist/client is public: no source maps, and no comment pointing to one.
    sourcemap: false,
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

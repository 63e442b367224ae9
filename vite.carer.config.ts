import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The carer app (`/carer/`): its own small build, so its service worker keeps exactly the app a carer's phone needs
 * offline and none of the office's. `vite build` builds it after the office's app (vite.config.ts).
 */
export default defineConfig({
  root: 'src/carer-app',
  base: '/carer/',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      // The app registers the worker itself once it has started (main.tsx).
      injectRegister: false,
      // Everything the app is, once (the plugin adds the manifest itself). The compressed copies (`.br`, `.gz`) are
      // written after this build (vite.config.ts) and match no pattern here: the server picks them, the worker never.
      includeManifestIcons: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png}'] },
      manifest: {
        id: '/carer/',
        name: 'Valecare for carers',
        short_name: 'Valecare',
        description: 'Record your visits, with or without signal.',
        lang: 'en-GB',
        start_url: '/carer/',
        scope: '/carer/',
        display: 'standalone',
        background_color: '#fbfdfd',
        theme_color: '#0f766e',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: '../../dist/client/carer',
    emptyOutDir: true,
    sourcemap: false,
  },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { graphqlDocuments } from './graphql-documents-plugin.ts';
import { precompress } from './precompress-plugin.ts';

const SERVER = 'http://127.0.0.1:4000';

export default defineConfig({
  plugins: [graphqlDocuments(), react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: SERVER, changeOrigin: true },
      '/graphql': { target: SERVER, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which chunks each route loads (npm run bench:web, the bundle budget test).
    manifest: true,
  },
});

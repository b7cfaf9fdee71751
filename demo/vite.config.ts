/**
 * Builds the demo page (demo/ → demo/dist) that the demo server serves
 * (`npm start`). The page imports the kit by its package name, as an app
 * would; here the name resolves to the source, so no library build is needed.
 * `npm run demo:dev` serves it with hot reload, proxying /api to a demo server
 * on DEMO_API (default http://127.0.0.1:3000).
 */
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { sourceAliases } from '../scripts/source-aliases.mjs'

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  resolve: {
    alias: sourceAliases,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: false,
    // @ag-ui/client brings rxjs, zod and protobuf (≈ 165 KB gzipped in all); the kit is a small part of the page.
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': process.env.DEMO_API ?? 'http://127.0.0.1:3000' },
  },
})

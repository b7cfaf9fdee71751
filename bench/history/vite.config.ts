/**
 * Builds the long-history benchmark page (bench/history/ → wherever run.ts
 * points `build.outDir`). Like the demo and bench/render, the page imports the
 * kit by its package name, resolved here to the source. Build with mode
 * `production` (and NODE_ENV=production): React's production build, as users
 * ship it, so `<Profiler onRender>` never fires and commits are timed through
 * the DevTools hook instead (commits.ts).
 */
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { sourceAliases } from '../../scripts/source-aliases.mjs'

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  resolve: { alias: sourceAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: false,
    // BENCH_HISTORY_MINIFY=0 keeps function names, for reading a CPU profile.
    minify: process.env.BENCH_HISTORY_MINIFY !== '0',
  },
})

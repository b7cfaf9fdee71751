/**
 * Builds the rendering benchmark page (bench/render/ → bench/render/dist, or
 * wherever run.ts points `build.outDir`). Like the demo, the page imports the
 * kit by its package name, resolved here to the source. Build with mode
 * `production` (and NODE_ENV=production): React's production build, as
 * users ship it. BENCH_RENDER_REACT_PROFILING=1 swaps in react-dom's
 * profiling build, where `<Profiler onRender>` fires, to cross-check the
 * commit counts (see commits.ts); it slows React down, so never for timing.
 * BENCH_DOOR=<characters> moves the door to the huge-trace machinery (`LARGE_CHARS`), to measure
 * where it belongs (docs/performance.md, "The door to the huge-trace machinery").
 */
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { sourceAliases } from '../../scripts/source-aliases.mjs'

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  define: { __BENCH_DOOR__: JSON.stringify(process.env.BENCH_DOOR ?? '') },
  resolve: {
    alias: [
      ...sourceAliases,
      ...(process.env.BENCH_RENDER_REACT_PROFILING === '1' ? [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: false,
    // Streamdown brings its markdown pipeline (unified, marked, hast); only the streamdown page loads it.
    chunkSizeWarningLimit: 1500,
    // BENCH_RENDER_MINIFY=0 keeps function names, for reading a CPU profile.
    minify: process.env.BENCH_RENDER_MINIFY !== '0',
  },
})

/**
 * Library build: ESM only, one output file per public entry, declarations via
 * vite-plugin-dts. Storybook also loads this file for its Vite settings (it
 * drops `build` and, in .storybook/main.ts, the dts plugin).
 *
 * To add a public entry (e.g. `reasoning-ui/adapters`): add it to `entries`
 * below, add the matching `exports` key in package.json (with its `production`
 * condition), and (if it is a React/client module) to `clientEntries`.
 *
 * Two builds of the same entries (`npm run build` runs both):
 *   `vite build`                  dist/: development text kept (diagnostic sentences, the parts'
 *                                 error messages), declarations, the stylesheet. The `default`
 *                                 export condition: Node, the Vite dev server, webpack in
 *                                 development, a page without a bundler.
 *   `vite build --mode production-build`
 *                                 dist/production/: the same code without that text, for the
 *                                 `production` condition that Vite, webpack and Next.js resolve
 *                                 in production builds (what the size budgets measure).
 * Each replaces `process.env.NODE_ENV`, so the package never refers to `process`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import dts from 'vite-plugin-dts';

const root = import.meta.dirname;

/** Output name (relative to dist, without .js) -> source file. */
export const entries: Record<string, string> = {
  index: 'src/index.ts',
  'core/index': 'src/core/index.ts',
  'adapters/index': 'src/adapters/index.ts',
  'adapters/ollama': 'src/adapters/ollama.ts',
  'adapters/gemini': 'src/adapters/gemini.ts',
  'adapters/bedrock': 'src/adapters/bedrock.ts',
  'locales/index': 'src/locales/index.ts',
  'ai-sdk/index': 'src/ai-sdk/index.ts',
};

/**
 * Entries whose built file must begin with `'use client';` (React Server
 * Components boundary). Core and shared chunks must stay directive-free so they
 * can be imported from server code.
 */
const clientEntries = new Set(['index']);

const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

/** Everything the consumer installs stays an import; so do these families. */
const externalPackages = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
  ...Object.keys(pkg.optionalDependencies ?? {}),
  'react',
  'react-dom',
  'framer-motion',
  'eventsource-parser',
];
const externalScopes = ['@radix-ui/', '@ag-ui/'];

function isExternal(id: string): boolean {
  if (id.startsWith('node:')) return true;
  if (externalScopes.some((scope) => id.startsWith(scope))) return true;
  return externalPackages.some((name) => id === name || id.startsWith(`${name}/`));
}

/**
 * Source may use extensionless relative imports (`./store`, `./sources`), as
 * bundler resolution allows. Declaration files are not bundled, though, and
 * Node's ESM resolution (what `moduleResolution: node16/nodenext` consumers
 * use; checked by `attw --profile esm-only`) needs full specifiers. So each
 * emitted .d.ts gets `./store` -> `./store.js`, `./sources` ->
 * `./sources/index.js`, resolved against the matching source directory.
 */
function nodeEsmSpecifiers(dtsPath: string, content: string): string {
  const srcDir = dirname(resolve(root, 'src', relative(resolve(root, 'dist'), dtsPath)));
  const pattern = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g;
  return content.replace(pattern, (match, lead: string, quote: string, spec: string) => {
    if (/\.(?:[cm]?js|json|css)$/.test(spec)) return match;
    const base = resolve(srcDir, spec);
    const asFile = ['.ts', '.tsx', '.d.ts'].some((ext) => existsSync(base + ext));
    const asDir = ['index.ts', 'index.tsx', 'index.d.ts'].some((f) => existsSync(resolve(base, f)));
    if (asFile) return `${lead}${quote}${spec}.js${quote}`;
    if (asDir) return `${lead}${quote}${spec.replace(/\/$/, '')}/index.js${quote}`;
    return match;
  });
}

/** `reasoning-ui/styles.css`: the stylesheet ships as written (plain CSS, no build step of its own). */
const stylesheet = {
  name: 'reasoning-ui:stylesheet',
  generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): string }) {
    this.emitFile({ type: 'asset', fileName: 'styles.css', source: readFileSync(resolve(root, 'src/styles/reasoning.css'), 'utf8') });
    // Types for the side-effect import, so `import 'reasoning-ui/styles.css'` type-checks under
    // `noUncheckedSideEffectImports` (TypeScript 7's default: TS2882 without them).
    this.emitFile({ type: 'asset', fileName: 'styles.css.d.ts', source: '// The stylesheet: imported for its side effect, it exports nothing.\nexport {};\n' });
  },
};

/**
 * Replaces `process.env.NODE_ENV` in the library build only: Storybook merges this file
 * without its `build` (so without `lib`), and keeps its own.
 */
const nodeEnv = (value: 'production' | 'development'): Plugin => ({
  name: 'reasoning-ui:node-env',
  apply: (config) => Boolean(config.build?.lib),
  config: () => ({ define: { 'process.env.NODE_ENV': JSON.stringify(value) } }),
});

export default defineConfig(({ mode }) => {
  const production = mode === 'production-build';
  return {
  plugins: [
    react(),
    nodeEnv(production ? 'production' : 'development'),
    ...(production
      ? []
      : [
          stylesheet,
          dts({
            tsconfigPath: './tsconfig.build.json',
            entryRoot: 'src',
            include: ['src'],
            beforeWriteFile: (filePath: string, content: string) => ({ content: nodeEsmSpecifiers(filePath, content) }),
          }),
        ]),
  ],
  build: {
    outDir: production ? 'dist/production' : 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    lib: {
      entry: Object.fromEntries(
        Object.entries(entries).map(([name, file]) => [name, resolve(root, file)]),
      ),
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rolldownOptions: {
      external: isExternal,
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        // The adapters' JSON readers stay in one chunk with the AI SDK metadata reader, which the
        // React entry imports through the AI SDK converter: a chunk of their own (once entries of
        // their own shared them, reasoning-ui/adapters/gemini, /ollama and /bedrock) cost the React bundle bytes.
        codeSplitting: { groups: [{ name: 'ai-sdk-metadata', test: /src[\\/]adapters[\\/](json|ai-sdk-metadata)\.ts$/ }] },
        banner: (chunk) =>
          chunk.isEntry && clientEntries.has(chunk.name) ? "'use client';" : '',
      },
    },
  },
  };
});

import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';
import { sourceAliases } from '../scripts/source-aliases.mjs';

/** Library-build-only plugins from vite.config.ts that Storybook must not run. */
const buildOnlyPlugins = new Set(['unplugin-dts', 'vite:dts']);

async function withoutBuildOnlyPlugins(plugins: PluginOption[]): Promise<PluginOption[]> {
  const out: PluginOption[] = [];
  for (const entry of await Promise.all(plugins)) {
    if (Array.isArray(entry)) out.push(await withoutBuildOnlyPlugins(entry));
    else if (entry && typeof entry === 'object' && 'name' in entry && buildOnlyPlugins.has(entry.name)) continue;
    else out.push(entry);
  }
  return out;
}

const root = resolve(import.meta.dirname, '..');
const storiesDir = resolve(root, 'stories');

/**
 * Stories import the package by name, as users do. Without this, Vite resolves
 * the name through package.json `exports` to the last library build in dist/
 * (stale while you edit, and without doc comments for the docs pages); point it
 * at the source instead (scripts/source-aliases.mjs, shared with Vitest, the demo and the benchmark).
 */

/** Only list the MDX glob when there is MDX (Storybook warns on an empty glob). */
const hasMdx =
  existsSync(storiesDir) &&
  readdirSync(storiesDir, { recursive: true }).some((f) => String(f).endsWith('.mdx'));

const config: StorybookConfig = {
  stories: [...(hasMdx ? ['../stories/**/*.mdx'] : []), '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: {
    name: '@storybook/react-vite',
    options: {},
  },
  typescript: {
    // The Docs pages' prop tables come from the components' own props and doc comments.
    // Storybook's default, react-docgen, reads only what a props interface declares itself:
    // it lost every prop ReasoningPanelProps inherits (`Omit<ReasoningProps, …>`: block,
    // visibility, open, labels…) and those of SharedPanelProps / StreamInput. The TypeScript
    // checker behind react-docgen-typescript resolves inherited, imported and mapped types.
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      tsconfigPath: resolve(root, 'tsconfig.json'),
      // Only the kit's components carry doc comments worth a table.
      include: ['src/**/*.tsx'],
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      // React's DOM attributes (`ComponentPropsWithoutRef<'div'>`) are not the kit's API.
      propFilter: (prop) => (prop.parent ? !/node_modules/.test(prop.parent.fileName) : true),
    },
  },
  core: {
    // No network here (and none needed): no telemetry, no update checks.
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
  async viteFinal(viteConfig) {
    // Storybook merges vite.config.ts (minus `build`); drop the dts emitter.
    viteConfig.plugins = await withoutBuildOnlyPlugins(viteConfig.plugins ?? []);
    const alias = viteConfig.resolve?.alias;
    const existing = Array.isArray(alias) ? alias : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement }));
    viteConfig.resolve = { ...viteConfig.resolve, alias: [...sourceAliases, ...existing] };
    // Storybook's manager/preview bundles are big by nature; keep the build log quiet.
    viteConfig.build = { ...viteConfig.build, chunkSizeWarningLimit: 2048 };
    return viteConfig;
  },
};

export default config;

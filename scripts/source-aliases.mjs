import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

/**
 * The package's public names resolved to its source, for every Vite-based
 * tool that imports the kit by name as users do (Vitest, Storybook, the demo
 * page, the render benchmark): without them Vite follows package.json
 * `exports` to the last library build in dist/, stale while you edit.
 */
export const sourceAliases = [
  { find: /^reasoning-ui\/styles\.css$/, replacement: resolve(root, 'src/styles/reasoning.css') },
  { find: /^reasoning-ui\/core$/, replacement: resolve(root, 'src/core/index.ts') },
  { find: /^reasoning-ui\/adapters\/bedrock$/, replacement: resolve(root, 'src/adapters/bedrock.ts') },
  { find: /^reasoning-ui\/adapters\/gemini$/, replacement: resolve(root, 'src/adapters/gemini.ts') },
  { find: /^reasoning-ui\/adapters\/ollama$/, replacement: resolve(root, 'src/adapters/ollama.ts') },
  { find: /^reasoning-ui\/adapters$/, replacement: resolve(root, 'src/adapters/index.ts') },
  { find: /^reasoning-ui\/locales$/, replacement: resolve(root, 'src/locales/index.ts') },
  { find: /^reasoning-ui\/ai-sdk$/, replacement: resolve(root, 'src/ai-sdk/index.ts') },
  { find: /^reasoning-ui$/, replacement: resolve(root, 'src/index.ts') },
]

// `process.env.NODE_ENV`, which guards development-only diagnostic text, as React's and
// framer-motion's code does. An app's bundler replaces the expression (esbuild, Vite, webpack,
// Rollup's replace plugin, Next.js), and Node has it; each use is behind `typeof process !==
// 'undefined'` for a page without a bundler. Nothing else of `process` is used. Declared
// here so that src type-checks without Node's types (tsconfig.build.json has `types: []`), in a
// shape that merges with @types/node's where both are present (tests, tooling).
declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV?: string
  }
  interface Process {
    env: ProcessEnv
  }
}
// eslint-disable-next-line no-var -- a global is declared with var, as @types/node declares this one
declare var process: NodeJS.Process

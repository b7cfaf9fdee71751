// `process.env.NODE_ENV`, which guards development-only diagnostic text, as React's and
// framer-motion's code does. The library build replaces the expression in both of its builds
// (vite.config.ts: dist/ with the text, dist/production/ without), so no `process` reaches the
// package; in the source it is replaced by Vite (tests, Storybook, the demo) or read from Node's
// process (unit tests, the demo server). Nothing else of `process` is used. Declared
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

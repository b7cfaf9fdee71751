// The React entry point (`reasoning-ui`). The build marks it 'use client' for
// React Server Components; the core entry (`reasoning-ui/core`) stays usable on servers.
export * from './core/index'
export * from './react/index'

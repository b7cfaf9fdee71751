#!/usr/bin/env node
// `npm run prepare-example`: adds the reasoning registry item to this app with the shadcn CLI,
// offline, as a user of the packed library would:
//
//   npx shadcn add ./.registry/reasoning.json
//
// 1. The item JSON: REASONING_UI_REGISTRY_ITEM (a path to a built item) if set; else built
//    here with `shadcn build` from the registry.json of the repository whose packed tarball
//    this app installs (package.json's `file:…/.pack/reasoning-ui.tgz`, the repository root
//    being the parent of .pack).
// 2. `shadcn add <file> --yes --overwrite`, with the network closed: no proxy that works, npm
//    offline, a registry that refuses, and, where the kernel allows an unprivileged network
//    namespace, no network at all (`unshare -rn`). The item's npm dependencies are already
//    in package.json, installed from the tarball and npm, so the CLI installs nothing; a
//    registry fetch or an npm install would fail this step.
// 3. Checks that the component file and the item's animation (theme variable, keyframes) arrived.
import { spawnSync } from 'node:child_process'
import process from 'node:process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'

const app = resolve(import.meta.dirname, '..')
const shadcn = join(app, 'node_modules', '.bin', 'shadcn')

function run(command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, { cwd: app, stdio: 'inherit', ...options })
  if (result.error) throw result.error
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`)
}

function itemFile() {
  const given = process.env.REASONING_UI_REGISTRY_ITEM
  if (given) return resolve(given)
  const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'))
  const spec = pkg.dependencies?.['reasoning-ui'] ?? ''
  if (!spec.startsWith('file:')) throw new Error(`reasoning-ui is "${spec}", not a file: tarball; set REASONING_UI_REGISTRY_ITEM to the built reasoning.json`)
  const tarball = spec.slice('file:'.length)
  const root = dirname(dirname(isAbsolute(tarball) ? tarball : resolve(app, tarball)))
  const registry = join(root, 'registry.json')
  if (!existsSync(registry)) throw new Error(`No registry.json at ${registry}; set REASONING_UI_REGISTRY_ITEM to the built reasoning.json`)
  const out = join(app, '.registry')
  mkdirSync(out, { recursive: true })
  run(shadcn, ['build', registry, '--cwd', root, '--output', out])
  return join(out, 'reasoning.json')
}

function hasNetworkNamespace() {
  return spawnSync('unshare', ['-rn', 'true'], { stdio: 'ignore' }).status === 0
}

const item = itemFile()
const dead = 'http://127.0.0.1:9'
const offline = {
  ...process.env,
  HTTPS_PROXY: dead,
  HTTP_PROXY: dead,
  https_proxy: dead,
  http_proxy: dead,
  ALL_PROXY: dead,
  npm_config_offline: 'true',
  npm_config_registry: `${dead}/`,
  NO_PROXY: '',
  no_proxy: '',
}
const source = `./${relative(app, item)}`
const args = ['add', source, '--yes', '--overwrite']
if (hasNetworkNamespace()) {
  console.log('shadcn add runs in a network namespace of its own (unshare -rn): no network at all.')
  run('unshare', ['-rn', shadcn, ...args], { env: offline })
} else {
  console.log('No unprivileged network namespace here: shadcn add runs with a dead proxy, npm offline and a refusing registry.')
  run(shadcn, args, { env: offline })
}

const component = join(app, 'src', 'components', 'ui', 'reasoning.tsx')
if (!existsSync(component)) throw new Error(`shadcn add did not write ${component}`)
const css = readFileSync(join(app, 'src', 'index.css'), 'utf8')
for (const added of [/--animate-reasoning-in:\s*reasoning-in\b/, /@keyframes reasoning-in\s*\{/]) {
  if (!added.test(css)) throw new Error(`shadcn add did not add the item's ${added.source} to src/index.css`)
}
console.log(`Added ${relative(app, component)} from ${source}, offline.`)

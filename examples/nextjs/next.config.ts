import type { NextConfig } from 'next'

const config: NextConfig = {
  // This app lives in a subfolder of the reasoning-ui repository (or a temp dir): it is its own root.
  turbopack: { root: import.meta.dirname },
}

export default config

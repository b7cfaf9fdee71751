import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { serveRun } from './server/agent.ts'

/** Serves the scripted agent at /api/agent in `vite` (dev) and `vite preview` (the built app). */
function agentEndpoint(): Plugin {
  return {
    name: 'scripted-agent',
    configureServer(server) {
      server.middlewares.use('/api/agent', (req, res) => void serveRun(req, res))
    },
    configurePreviewServer(server) {
      server.middlewares.use('/api/agent', (req, res) => void serveRun(req, res))
    },
  }
}

export default defineConfig({ plugins: [react(), agentEndpoint()] })

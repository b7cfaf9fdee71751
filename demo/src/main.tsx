import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { loadMarkdown } from 'reasoning-ui'
import 'reasoning-ui/styles.css'
import './demo.css'
import { App } from './app'

// The markdown parser is a chunk of its own: loaded now, beside the page, not when the first text comes.
loadMarkdown().catch(() => undefined)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

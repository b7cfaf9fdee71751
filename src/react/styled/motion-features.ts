// Loaded on demand by the panel's LazyMotion, so framer-motion's animation
// features arrive in their own chunk after first paint.
export { domAnimation as default } from 'framer-motion'

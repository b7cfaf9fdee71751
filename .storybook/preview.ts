import type { Preview } from '@storybook/react-vite';
import '../src/styles/reasoning.css';
import '../stories/support/themes.css';
import { loadMarkdown } from 'reasoning-ui';
import { withStorySurface } from '../stories/support/theme-decorator';

const preview: Preview = {
  // The markdown parser loads with import() on a panel's first markdown: every story starts with it
  // there, as a page that has shown one does, so that its first frame is the one it documents.
  loaders: [() => loadMarkdown()],
  parameters: {
    // The story surface paints the whole canvas in the chosen theme.
    layout: 'fullscreen',
    controls: {
      matchers: {
        color: /(background|color)$/i,
        date: /Date$/i,
      },
    },
    // Every story is checked with axe in the `storybook` Vitest project: a violation fails the run.
    a11y: { test: 'error' },
    // The introduction first, then what an app renders, then how streams get there.
    options: {
      storySort: { order: ['Introduction', 'Components', 'Headless', 'Adapters', 'Debugging'] },
    },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme of the reasoning-ui skin (data-theme on the story surface)',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'brand', title: 'Acme brand (custom properties)' },
        ],
        dynamicTitle: true,
      },
    },
    dir: {
      description: 'Text direction of the story surface',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Locale for labels and Intl durations (ReasoningProvider)',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
          { value: 'fr', title: 'Français' },
          { value: 'es', title: 'Español' },
          { value: 'ja', title: '日本語' },
          { value: 'zh', title: '中文（简体）' },
          { value: 'ar', title: 'العربية' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', dir: 'ltr', locale: 'en' },
  decorators: [withStorySurface],
  // Every story gets a docs page. Stories carry the default `test` tag, so the
  // `storybook` Vitest project runs them (play functions included).
  tags: ['autodocs'],
};

export default preview;

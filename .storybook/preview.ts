import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    controls: {
      matchers: {
        color: /(background|color)$/i,
        date: /Date$/i,
      },
    },
  },
  // Every story gets a docs page. Stories carry the default `test` tag, so the
  // `storybook` Vitest project runs them (play functions included).
  tags: ['autodocs'],
};

export default preview;

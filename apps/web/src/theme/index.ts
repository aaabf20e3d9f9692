import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { ButtonExtension } from './components/button';
import { CardExtension } from './components/card';
import { CloseButtonExtension } from './components/close-button';
import { PasswordInputExtension, TextInputExtension } from './components/inputs';

export { cssVariablesResolver } from './css-variables';

/** One primary colour, Mantine's spacing and radius scale, a system font stack (DESIGN.md §7). */
export const theme = createTheme({
  primaryColor: 'indigo',
  // A cooler, higher-contrast dark palette than Mantine's default: [0] text … [7] page background.
  colors: {
    dark: [
      '#e6e8ec',
      '#b9bec8',
      '#8f95a1',
      '#6b717d',
      '#3d414a',
      '#2d3038',
      '#22252b',
      '#191b20',
      '#131519',
      '#0d0e11',
    ],
  },
  // Shade 7: white on the primary colour at 5:1 (shade 6 is 4.3:1, shade 5 3.7:1), for buttons and links alike.
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Button: ButtonExtension,
    Card: CardExtension,
    CloseButton: CloseButtonExtension,
    TextInput: TextInputExtension,
    PasswordInput: PasswordInputExtension,
  },
});

/** Same key as public/start.js reads and writes before the first paint. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

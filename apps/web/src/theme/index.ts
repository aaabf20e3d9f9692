import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { ButtonExtension } from './components/button';
import { CardExtension } from './components/card';
import { PasswordInputExtension, TextInputExtension } from './components/inputs';

/** One primary colour, Mantine's spacing and radius scale, a system font stack (DESIGN.md §7). */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Button: ButtonExtension,
    Card: CardExtension,
    TextInput: TextInputExtension,
    PasswordInput: PasswordInputExtension,
  },
});

/** Same key as public/theme-init.js reads before the first paint. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

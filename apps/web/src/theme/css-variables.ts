import type { CSSVariablesResolver } from '@mantine/core';

/**
 * Text colours Mantine leaves below WCAG AA (4.5:1) for small text, darkened or lightened just enough:
 * light `dimmed` (gray.6, 3.3:1 → 4.8:1), error text (red.6 on white 3.3:1 → red.8 4.5:1; red.8 on the dark
 * card 3.4:1 → red.5 5.5:1), red menu items, and the yellow, teal and green of light alerts and badges (to 5.3
 * to 6:1; Mantine's shade 9 on shade 1 is 2.7 to 4.3:1). e2e/accessibility.spec.ts checks every screen.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#6b7280',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-red-text': 'var(--mantine-color-red-8)',
    '--mantine-color-yellow-light-color': '#8a5a00',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-green-light-color': '#1e6b30',
  },
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
});

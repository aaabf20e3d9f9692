import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { MoonIcon, SunIcon } from './first-load-icons';

/**
 * Light / dark, remembered in localStorage by Mantine's colour scheme manager. Both icons are drawn and
 * CSS shows the right one, so a page rendered at build time looks right before it hydrates.
 */
export const ThemeToggle = () => {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Toggle color scheme"
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      // Works before the page's modules arrive: public/start.js flips the scheme itself until then.
      data-color-scheme-toggle
      onClick={() => setColorScheme(next)}
    >
      <SunIcon size={18} className="mantine-light-hidden" />
      <MoonIcon size={18} className="mantine-dark-hidden" />
    </ActionIcon>
  );
};

import { expect, type Page } from '@playwright/test';

/**
 * Light and dark, 1280 and 390 px wide: each screen saved under test-results to look at. The whole page, or only
 * the window (`fullPage: false`: a dialog, which scrolls within it).
 */
export const screenshots = async (page: Page, name: string, { fullPage = true } = {}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    // The shell's navbar slides away below its breakpoint: shoot once it has, not half-way.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await page.screenshot({
        path: `test-results/${name}-${width}-${scheme}.png`,
        fullPage,
        // A menu still sliding away after the resize would be caught mid-way: transitions end at once.
        animations: 'disabled',
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

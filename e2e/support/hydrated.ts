import { expect, type Locator } from '@playwright/test';

/**
 * Waits until React has taken the server's element as its own: the same element the HTML drew, now carrying
 * React's handlers (a page the build drew, hydrated rather than drawn again).
 */
export const expectHydrated = (element: Locator) =>
  expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);

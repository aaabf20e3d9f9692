import { screenFor } from './screens';

/** A screen's chunk, asked once; a failure is left for the click to meet and show. */
const loadScreen = (path: string) => void screenFor(path)?.().catch(() => undefined);

/** Hover or focus on a menu link: the page's chunk and its first data, so the click draws at once (issue #18). */
export const prefetchPage = (path: string) => {
  loadScreen(path);
  void import('./page-data').then(({ prefetchPageData }) => prefetchPageData(path)).catch(() => undefined);
};

/** Once the browser is idle after the shell's first paint: every menu page's chunk (no data: it would go stale). */
export const prefetchScreensWhenIdle = (paths: string[]) => {
  const run = () => paths.forEach(loadScreen);
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 2000);
  return () => clearTimeout(timer);
};

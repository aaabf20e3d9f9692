import { afterLoad, whenIdle } from '../lib/when-idle';
import { screenFor } from './screens';

/** A screen's chunk, asked once; a failure is left for the click to meet and show. */
const loadScreen = (path: string): Promise<unknown> =>
  screenFor(path)?.().catch(() => undefined) ?? Promise.resolve();

/** Hover or focus on a menu link: the page's chunk and its first data, so the click draws at once (issue #18). */
export const prefetchPage = (path: string) => {
  void loadScreen(path);
  void import('./page-data').then(({ prefetchPageData }) => prefetchPageData(path)).catch(() => undefined);
};

/**
 * Every menu page's chunk (no data: it would go stale), once the page has loaded and then one screen each time
 * the browser is idle: never in the way of the first screen, nor one long task of all of them (issue #18).
 */
export const prefetchScreensWhenIdle = (paths: string[]) => {
  let cancel = () => {};
  let stopped = false;
  const next = ([path, ...rest]: string[]) => {
    if (stopped || path === undefined) return;
    cancel = whenIdle(() => void loadScreen(path).then(() => next(rest)));
  };
  const stopStart = afterLoad(() => next(paths));
  return () => {
    stopped = true;
    stopStart();
    cancel();
  };
};

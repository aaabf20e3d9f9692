/** `run` when the browser next has nothing to do (at the latest after `timeout` ms); returns its cancel. */
export const whenIdle = (run: () => void, timeout = 5000): (() => void) => {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
};

/** `run` once the page has loaded and the browser is then idle: after the first screen, never in its way. */
export const afterLoad = (run: () => void): (() => void) => {
  let cancel = () => {};
  const start = () => (cancel = whenIdle(run));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    cancel();
  };
};

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the build renders a page (src/prerender.tsx) and while the browser hydrates it, true right after
 * and in every render the browser draws itself: what a screen reads from this browser (storage, history state)
 * waits for it, so hydration meets the same markup as the HTML.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

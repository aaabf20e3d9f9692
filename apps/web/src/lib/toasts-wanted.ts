import { useSyncExternalStore } from 'react';

/**
 * Whether any toast has been raised yet: the frame's toast area (and Mantine's notifications) loads only then,
 * never with a first load (issue #18); the toast waits in the store the moment it takes.
 */
let wanted = false;
const listeners = new Set<() => void>();

export const wantToasts = (): void => {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToastsWanted = (): boolean => useSyncExternalStore(subscribe, () => wanted);

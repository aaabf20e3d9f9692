import { lazy, Suspense } from 'react';

const Notifications = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

/** Where toasts appear, loaded beside a frame rather than with it: a toast raised first waits in the store. */
export const Toasts = () => (
  <Suspense fallback={null}>
    <Notifications />
  </Suspense>
);

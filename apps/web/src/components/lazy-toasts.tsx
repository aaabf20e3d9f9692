import { lazy, Suspense } from 'react';
import { useToastsWanted } from '../lib/toasts-wanted';

const Notifications = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

/** Where toasts appear, loaded with the first toast rather than with the frame: the toast waits in the store. */
export const Toasts = () =>
  useToastsWanted() ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;

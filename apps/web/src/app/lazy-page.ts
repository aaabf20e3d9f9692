import { lazy, type ComponentType } from 'react';

/**
 * Each screen is its own chunk, loaded when first shown. React Router's declarative mode with
 * `React.lazy` keeps the data router (which this app does not use) out of the first load.
 */
export const page = <P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(async () => ({ default: (await load())[name] }));

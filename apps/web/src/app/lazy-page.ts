import { createElement, lazy, useState, type ComponentType } from 'react';

/** A chunk's loader that keeps the module once it has it (`loaded`), so that it can be drawn without waiting. */
export type Loader<M> = (() => Promise<M>) & { loaded?: M };

export const loader = <M>(load: () => Promise<M>): Loader<M> => {
  const remembering: Loader<M> = () => load().then((module) => (remembering.loaded = module));
  return remembering;
};

/**
 * Each screen is its own chunk, loaded when first shown. React Router's declarative mode with
 * `React.lazy` keeps the data router (which this app does not use) out of the first load. A screen whose
 * chunk a `loader` already has is drawn at once, not suspended for a moment: a signed-in page's first draw is
 * the screen itself (app/signed-in-start.ts), not its loader first.
 */
export const page = <P extends object, K extends string>(
  load: Loader<Record<K, ComponentType<P>>>,
  name: K,
) => {
  const Lazy = lazy<ComponentType<P>>(async () => ({ default: (await load())[name] }));
  const Page = (props: P) => {
    // Chosen once per mount: changing from the lazy one to the module's own would mount the screen anew.
    const [Ready] = useState<ComponentType<P> | undefined>(() => load.loaded?.[name]);
    return createElement(Ready ?? Lazy, props);
  };
  return Page;
};

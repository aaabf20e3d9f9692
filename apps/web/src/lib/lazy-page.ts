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
export const page = <M extends { [key in K]: ComponentType<never> }, K extends keyof M & string>(
  load: Loader<M>,
  name: K,
) => {
  type Props = M[K] extends ComponentType<infer P> ? P & object : never;
  const screen = (module: M) => module[name] as ComponentType<Props>;
  const Lazy: ComponentType<Props> = lazy(async () => ({ default: screen(await load()) }));
  const Page = (props: Props) => {
    // Chosen once per mount: changing from the lazy one to the module's own would mount the screen anew.
    const [Ready] = useState(() => (load.loaded ? screen(load.loaded) : undefined));
    return createElement(Ready ?? Lazy, props);
  };
  return Page;
};

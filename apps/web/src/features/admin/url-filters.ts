import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';

/**
 * A console list's filters and page, kept in the URL's search params so that a link reproduces the view; any
 * change goes back to page 1, and empty filters leave the URL.
 */
export const useUrlFilters = <N extends string>(names: readonly N[]) => {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<N, string>;
  const page = Number(params.get('page') ?? 1) || 1;
  const set = (changes: Record<string, string>) => {
    const next = { ...Object.fromEntries(params), page: '1', ...changes };
    setParams(
      Object.fromEntries(
        Object.entries(next).filter(([name, value]) => value && !(name === 'page' && value === '1')),
      ),
      { replace: true },
    );
  };
  const clear = () => set(Object.fromEntries(names.map((name) => [name, ''])));
  /** A clearable Select's props for one filter. */
  const select = (name: N) => ({
    value: values[name] || null,
    onChange: (value: string | null) => set({ [name]: value ?? '' }),
    clearable: true,
  });
  return { values, page, set, clear, select, filtered: names.some((name) => values[name]) };
};

/** What useUrlFilters answers. */
export type UrlFilters = ReturnType<typeof useUrlFilters>;

/** The filters that are set: an empty or absent one is not sent (the query string would say `undefined`). */
export const only = <T extends object>(filter: T) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Partial<T>;

/**
 * A list's filters as its query takes them: the ones set (`only`), the `typed` one (a search box) trimmed and
 * taken once typing has paused for 300 ms, so that each key press does not ask the server.
 */
export const useSettledFilter = <N extends string>(values: Record<N, string>, typed: N) => {
  const [settled] = useDebouncedValue(values[typed].trim(), 300);
  return only({ ...values, [typed]: settled });
};

import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { rememberReturnPath, safeReturnPath, withNext } from '../../lib/return-path';

/**
 * Where the visitor goes once signed up or in (issue #33: a plan chosen on /pricing): the address's `?next=`,
 * when it is one of this app's, remembered for after the mailed code or OAuth round trip. `link` carries it
 * on to the other form.
 */
export const useNext = () => {
  const [search] = useSearchParams();
  const next = safeReturnPath(search.get('next'));
  useEffect(() => {
    if (next) rememberReturnPath(next);
  }, [next]);
  return { next, link: (page: string) => (next ? withNext(page, next) : page) };
};

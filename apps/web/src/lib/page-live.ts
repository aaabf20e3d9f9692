import { useEffect } from 'react';

/** What public/start.js waits for before it replays what was clicked in the page before its modules came. */
const LIVE_EVENT = 'proxydesk:live';

/**
 * Drawn beside the app: once React has drawn (or hydrated) the page and its handlers are in place, says so to
 * public/start.js (issue #18, ADR 012).
 */
export const PageLive = () => {
  useEffect(() => {
    document.dispatchEvent(new Event(LIVE_EVENT));
  }, []);
  return null;
};

import { withoutMaintenancePrefix } from '@proxydesk/contract';
import { announcementQuery } from '../features/content/api/get-announcement';
import { socialMediaQuery } from '../features/content/api/get-social-media';
import { accessQuery } from '../lib/access';
import { keepFirstAnswers } from '../lib/first-answers';
import { queryClient } from '../lib/query-client';
import { readToken } from '../lib/token';
import { loadAppLayout } from './app-routes';
import { loadSignedInRoutes } from './signed-in-chunks';
import { screenFor } from './screens';

/** How long the first draw waits for the API when the page did not bring its answers: then loaders show. */
const WAIT_MS = 3000;

/**
 * A signed-in page's start (issue #18): the session check, the frame's data, the signed-in routes and frame and
 * the screen's chunk are made ready before React draws (the data from the answers the server wrote into the
 * page, where it did), so that the first draw is the whole screen, in one render that yields to the browser,
 * rather than a loading screen, a skeleton, then content. Whatever is not ready in time is drawn with its loader
 * as usual; a failure is met again, and shown, there.
 */
export const prepareSignedIn = async (
  pathname: string,
  answers: Record<string, unknown> | undefined,
): Promise<void> => {
  if (answers) keepFirstAnswers(answers, readToken());
  const path = withoutMaintenancePrefix(pathname);
  // The session check first: a screen's data is asked only for a session that holds (a 401 signs out).
  const signedIn = queryClient.fetchQuery(accessQuery()).then(
    () => true,
    () => false,
  );
  const ready = Promise.allSettled([
    signedIn,
    // What the frame draws: the announcement and the Discord link.
    queryClient.prefetchQuery(announcementQuery()),
    queryClient.prefetchQuery(socialMediaQuery()),
    loadSignedInRoutes(),
    loadAppLayout(),
    // The screen, and the data it draws first where it says (a page module's `prefetchFirstData`).
    screenFor(path)?.().then(async (screen) =>
      'prefetchFirstData' in screen && (await signedIn) ? screen.prefetchFirstData(queryClient) : undefined,
    ),
  ]);
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
};

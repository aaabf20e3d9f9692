import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { appUrl } from '../../lib/app-paths';
import { confirmStep, signedIn } from './api/auth-outcome';
import { oauthSignIn } from './api/auth-mutations';
import { takeOAuthReferee, takeOAuthState } from './oauth';
import { leaveOAuthWarning } from './oauth-warning';

/**
 * Where Google or Discord send the browser back: the query goes to the server, the token is stored and
 * the app starts at /. Discord failures return to / silently; Google's leave their detail as a warning
 * (SPEC.md §2, §8).
 */
export const OAuthCallback = ({ provider }: { provider: 'google' | 'discord' }) => {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = Object.fromEntries(search.entries());
    const fail = (detail: string) => {
      if (provider === 'google') leaveOAuthWarning(detail);
      window.location.replace(appUrl('/'));
    };
    if (!takeOAuthState(query.state ?? null) || !query.code) {
      fail(
        `${provider === 'google' ? 'Google' : 'Discord'} sign-in was cancelled or has expired: please try again.`,
      );
      return;
    }
    oauthSignIn(provider, query, takeOAuthReferee()).then(signedIn, (error: Error) => {
      const next = confirmStep(error);
      if (next) void navigate(next.to, { replace: true, state: next.state });
      else fail(error.message);
    });
  }, [navigate, provider, search]);

  return <LoadingScreen />;
};

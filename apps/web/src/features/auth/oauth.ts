/** Google and Discord sign-in: the state that guards the round trip, and the referral code it carries. */
const STATE_KEY = 'oauth-state';
const REFEREE_KEY = 'oauth-referee';

const randomState = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Leaves for the provider's consent page; `authorizeUrl` comes complete from GET /v1/auth/config but for `state`. */
export const startOAuth = (authorizeUrl: string, referee: string | null): void => {
  const state = randomState();
  sessionStorage.setItem(STATE_KEY, state);
  if (referee) sessionStorage.setItem(REFEREE_KEY, referee);
  else sessionStorage.removeItem(REFEREE_KEY);
  window.location.assign(`${authorizeUrl}&state=${encodeURIComponent(state)}`);
};

/** The callback's state matches the one we sent (once: it is forgotten as it is read). */
export const takeOAuthState = (state: string | null): boolean => {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return Boolean(expected && state && expected === state);
};

export const takeOAuthReferee = (): string | null => {
  const referee = sessionStorage.getItem(REFEREE_KEY);
  sessionStorage.removeItem(REFEREE_KEY);
  return referee;
};

import type { CredentialFairUse, FairUseMaximumView } from '@proxydesk/contract';

/** The shop's maximums in words, under each field of the dialog. */
export const maximumWords = (maximum: FairUseMaximumView) => ({
  sources: maximum.max_sources
    ? `Shop maximum: ${maximum.max_sources} in ${maximum.window_minutes} minutes`
    : 'The shop sets no maximum',
  connections: maximum.max_connections
    ? `Shop maximum: ${maximum.max_connections}`
    : 'The shop sets no maximum',
});

/** `2 of 3 sources`, or `2 sources` with no cap. */
export const sourcesWords = (fairUse: CredentialFairUse) => {
  const count = fairUse.sources.length;
  const noun = count === 1 && !fairUse.effective.max_sources ? 'source' : 'sources';
  return fairUse.effective.max_sources
    ? `${count} of ${fairUse.effective.max_sources} sources`
    : `${count} ${noun}`;
};

/** `≤ 20 connections` or nothing. */
export const connectionsWords = (fairUse: CredentialFairUse) =>
  fairUse.effective.max_connections
    ? `≤ ${fairUse.effective.max_connections} connections`
    : 'any connections';

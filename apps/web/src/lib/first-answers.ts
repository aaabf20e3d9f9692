/**
 * The API's answers the server wrote into a signed-in page (apps/api/src/plugins/web-answers.ts, issue #18):
 * each GET it answered is taken once, by the first call to that URL, instead of asking the API again. They are
 * the page's first data only: kept for a few seconds, and only for the session they were written for.
 */
const FRESH_MS = 10_000;

let answers = new Map<string, unknown>();
let forToken: string | null = null;
let until = 0;

export const keepFirstAnswers = (written: Record<string, unknown>, token: string | null): void => {
  answers = new Map(Object.entries(written));
  forToken = token;
  until = performance.now() + FRESH_MS;
};

/** The written answer to `url` for this token, once; undefined when there is none (or no longer). */
export const takeFirstAnswer = (url: string, token: string | null): unknown => {
  if (!answers.has(url) || token !== forToken || performance.now() > until) return undefined;
  const answer = answers.get(url);
  answers.delete(url);
  return answer;
};

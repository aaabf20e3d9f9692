/** A Google failure's detail, shown as a warning on the sign-in page (SPEC.md §8). */
const WARNING_KEY = 'oauth-warning';

export const leaveOAuthWarning = (detail: string): void => sessionStorage.setItem(WARNING_KEY, detail);
export const takeOAuthWarning = (): string | null => {
  const warning = sessionStorage.getItem(WARNING_KEY);
  sessionStorage.removeItem(WARNING_KEY);
  return warning;
};

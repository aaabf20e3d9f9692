/** Where the confirm and change-password pages find the address a code was mailed to (SPEC.md §4). */
const PENDING_EMAIL_KEY = 'email';

export const rememberPendingEmail = (email: string): void => localStorage.setItem(PENDING_EMAIL_KEY, email);
export const pendingEmail = (): string | null => localStorage.getItem(PENDING_EMAIL_KEY);
export const forgetPendingEmail = (): void => localStorage.removeItem(PENDING_EMAIL_KEY);

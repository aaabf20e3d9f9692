import { updateUser } from '@proxydesk/db';
import type { Account } from '../../plugins/authenticate.js';
import type { AuthDependencies, Reauth } from './auth-steps.js';
import type { Reauthentication } from './reauth.service.js';

/** Two-factor sign-in (a mailed code after the password), turned on or off by the account's owner. */
export const createTwoFactor = (
  { db }: AuthDependencies,
  { proveMailedCode, reauthenticate }: Reauthentication,
) => ({
  /**
   * Turning two-factor off is a security change: it asks for the password (or a mailed code). Turning it on
   * proves the mailed code first (issue #28), so the address works before sign-in depends on it; this session
   * stays what it was: the console needs a new sign-in with the code.
   */
  setTwoFactor: async (account: Account, enabled: boolean, proof: Reauth) => {
    if (enabled !== account.user.is2fa) {
      if (enabled) await proveMailedCode(account.user, proof);
      else await reauthenticate(account, proof);
      await updateUser(db, account.user.id, { is2fa: enabled });
    }
    return {
      detail: enabled ? 'Two-factor authentication is on' : 'Two-factor authentication is off',
      payload: { is_2fa: enabled },
    };
  },
});

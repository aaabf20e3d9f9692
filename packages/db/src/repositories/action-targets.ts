import type { User } from './accounts.js';
import type { Actor } from './admin.js';

/**
 * Whom a console customer action may touch (issue #28): customers and resellers, never staff (they are managed
 * in the staff screen) and never the actor's own account (Settings re-authenticates). The one place of the rule.
 */
export const customerActionRefusal = (actor: Actor, user: Pick<User, 'id' | 'role'>) => {
  // The command line (no actor) is the owner's, beside the console: `npm run admin -- balance` may credit anyone.
  if (actor.userId === null) return undefined;
  if (user.id === actor.userId) return 'self' as const;
  if (user.role !== 'customer' && user.role !== 'reseller') return 'staff' as const;
  return undefined;
};
export type TargetRefusal = NonNullable<ReturnType<typeof customerActionRefusal>>;

import { euroToCents, PRODUCT_CODES, type ProductCode } from '@proxydesk/contract';
import {
  adjustBalance,
  balanceCents,
  findActiveCustomerPlan,
  findUserByLogin,
  recordUsage,
  saveCoupon,
  setMaintenance,
  updateUser,
  writeAudit,
  type Actor,
  type AuditEntry,
  type Database,
} from '@proxydesk/db';
import { KEY_USED } from '../modules/admin/admin.service.js';

/**
 * The operator's commands (DESIGN.md §4), each checking its words first and then returning what it does
 * with the database, so that main.ts runs them and the tests call them directly.
 */
export const USAGE = `Usage: npm run admin -- <command>
  maintenance on|off      show the maintenance page to everyone at / (the app stays at /4)
  reseller <username> on|off
                          make a customer a reseller (Balance page, API key) or a customer again
  operator <username> on|off
                          give an account the operator console at /admin (it must turn on 2FA to open it),
                          or make it a customer again
  coupon <CODE> percent|fixed <value> [max uses]
                          create or replace a promo code: percent off (1-100) or euros off
  balance <username> <+/-EUR> <reason> [--key=<key>]
                          credit (+10) or debit (-2.50) a customer's balance, with the reason they see;
                          with --key, running it again with the same key changes the balance once
  doctor                  the production checklist: what is set and what is missing (exit 1 if anything is)
  backup <file>           write a consistent copy of the database to a file, while the shop runs or not
  restore <file> [--force]
                          with the shop stopped: put a backup in place (--force keeps the current
                          DATA_DIR aside as DATA_DIR.before-restore-<time> and restores into a fresh one)
  sample-usage <username> <PR_2|PR_3|PR_4|PR_5|PR_6> [days]
                          development: record made-up traffic for each of the last days (default 30),
                          so the usage chart and Data Used have something to show`;

export class UsageError extends Error {}

const onOff = (value: string | undefined): boolean => {
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`Expected "on" or "off", got ${value === undefined ? 'nothing' : `"${value}"`}.`);
};

const productCode = (value: string | undefined): ProductCode => {
  if (value && (PRODUCT_CODES as readonly string[]).includes(value)) return value as ProductCode;
  throw new UsageError(
    `Expected a product code (${PRODUCT_CODES.join(', ')}), got ${value === undefined ? 'nothing' : `"${value}"`}.`,
  );
};

export type Run = (db: Database['db']) => Promise<string>;

/** The command line in the audit trail: no operator account, no address (shown as "cli"). */
const CLI: Actor = { userId: null, ip: null };
const CLI_REASON = 'npm run admin';

/** What a command changed, for the audit trail, and its message. */
type Change = Omit<AuditEntry, 'reason'> & { message: string };

/** A command's change and its audit row in one transaction (issue #17 §7); answers the command's message. */
const audited = (db: Database['db'], work: (tx: Database['db']) => Promise<Change>): Promise<string> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Database['db'];
    const { message, ...entry } = await work(tx);
    await writeAudit(tx, CLI, { ...entry, reason: CLI_REASON });
    return message;
  });

/** A role change of the command line, audited. */
const roleChange = (
  user: { id: string; role: string; username: string },
  role: 'customer' | 'reseller' | 'operator',
) => ({
  action: 'customer.role',
  targetType: 'user',
  targetId: user.id,
  before: { role: user.role },
  after: { role },
});

/** The account with exactly this username (not an e-mail address), or a clear refusal. */
const accountNamed = async (db: Database['db'], username: string) => {
  const user = await findUserByLogin(db, username);
  if (!user || user.username.toLowerCase() !== username.toLowerCase())
    throw new Error(`No account with the username "${username}".`);
  return user;
};

type Account = Awaited<ReturnType<typeof accountNamed>>;

/** A command that turns something on or off for one account ("reseller ann on"): `work` gets the account. */
const switchForAccount =
  (work: (tx: Database['db'], user: Account, on: boolean) => Promise<Change>) =>
  ([username, value]: string[]): Run => {
    if (!username) throw new UsageError('Which username?');
    const on = onOff(value);
    return (db) => audited(db, async (tx) => work(tx, await accountNamed(tx, username), on));
  };

/** "+10", "-2.50", "7" (euros, at most 2 decimals, not zero; the typographic minus too) → cents. */
const euroAmount = (value: string | undefined): number => {
  const text = value?.replace('\u2212', '-');
  if (!text || !/^[+-]?\d{1,7}(\.\d{1,2})?$/.test(text) || Number(text) === 0)
    throw new UsageError(
      `The amount is euros with a sign, like +10 or -2.50, got ${value === undefined ? 'nothing' : `"${value}"`}.`,
    );
  return euroToCents(Number(text));
};

const euros = (cents: number) => `${cents < 0 ? '-' : ''}€${(Math.abs(cents) / 100).toFixed(2)}`;

/** Each command checks its words first, then returns what it does with the database. */
export const commands: Record<string, (args: string[]) => Run> = {
  maintenance: ([value]) => {
    const status = onOff(value);
    return (db) =>
      audited(db, async (tx) => {
        const before = await setMaintenance(tx, status);
        return {
          action: 'maintenance',
          targetType: 'setting',
          targetId: 'maintenance',
          before: { status: before },
          after: { status },
          message: `Maintenance mode: ${before ? 'on' : 'off'} → ${status ? 'on' : 'off'}`,
        };
      });
  },
  reseller: switchForAccount(async (tx, user, reseller) => {
    if (user.role === 'operator')
      throw new Error(`${user.username} is an operator; their role is not changed here.`);
    const role = reseller ? 'reseller' : 'customer';
    await updateUser(tx, user.id, { role });
    return { ...roleChange(user, role), message: `${user.username}: ${user.role} → ${role}` };
  }),
  operator: switchForAccount(async (tx, user, operator) => {
    const role = operator ? 'operator' : 'customer';
    await updateUser(tx, user.id, { role });
    const twoFactor =
      operator && !user.is2fa
        ? ' (turn on two-factor authentication in Settings, then sign in again with its code, to open the console)'
        : '';
    return { ...roleChange(user, role), message: `${user.username}: ${user.role} → ${role}${twoFactor}` };
  }),
  coupon: ([code, kind, valueText, maxUsesText]) => {
    if (!code || !/^[A-Za-z0-9_-]{2,64}$/.test(code))
      throw new UsageError('The code is 2 to 64 letters, digits, dashes or underscores.');
    if (kind !== 'percent' && kind !== 'fixed') throw new UsageError('Say percent or fixed.');
    const value = Number(valueText);
    if (!(value > 0) || (kind === 'percent' && (value > 100 || !Number.isInteger(value)))) {
      throw new UsageError(
        kind === 'percent' ? 'A percent is a whole number from 1 to 100.' : 'The euros off are more than 0.',
      );
    }
    const maxUses = maxUsesText === undefined ? null : Number(maxUsesText);
    if (maxUses !== null && !(Number.isInteger(maxUses) && maxUses > 0))
      throw new UsageError('Max uses is a whole number above 0.');
    const couponKind: 'percent' | 'fixed' = kind;
    return (db) =>
      audited(db, async (tx) => {
        const coupon = {
          code: code.toUpperCase(),
          kind: couponKind,
          value: kind === 'fixed' ? euroToCents(value) : value,
          maxUses,
        };
        await saveCoupon(tx, { ...coupon, validUntil: null });
        return {
          action: 'coupon.save',
          targetType: 'coupon',
          targetId: coupon.code,
          before: null,
          after: coupon,
          message: `Promo code ${code.toUpperCase()}: ${kind === 'percent' ? `${value}% off` : `€${value.toFixed(2)} off`}${maxUses ? `, ${maxUses} uses` : ''}`,
        };
      });
  },
  balance: (words) => {
    // `--key=<key>` anywhere: the same command run again (a retried script) changes the balance once.
    const keyWord = words.find((word) => word.startsWith('--key='));
    const [username, amount, ...reasonWords] = words.filter((word) => word !== keyWord);
    const idempotencyKey = keyWord?.slice('--key='.length) ?? null;
    if (idempotencyKey !== null && !/^[A-Za-z0-9_.:-]{1,64}$/.test(idempotencyKey))
      throw new UsageError('The key is 1 to 64 letters, digits and - _ . :');
    if (!username) throw new UsageError('Which username?');
    const cents = euroAmount(amount);
    const reason = reasonWords.join(' ').trim();
    if (!reason) throw new UsageError("Say why: the reason shows in the customer's balance history.");
    if (reason.length > 200) throw new UsageError('The reason is at most 200 characters.');
    return async (db) => {
      const user = await accountNamed(db, username);
      const change = await adjustBalance(db, CLI, {
        userId: user.id,
        amountCents: cents,
        reason,
        idempotencyKey,
      });
      // 'self', 'staff' and 'not-reseller' are the console's refusals: the command line never gets them.
      if (
        change === 'no-such-customer' ||
        change === 'self' ||
        change === 'staff' ||
        change === 'not-reseller'
      )
        throw new Error(`No account with the username "${username}".`);
      if (change === 'key-used') throw new Error(`${KEY_USED}; nothing changed.`);
      if (change === 'below-zero')
        throw new Error(
          `${user.username}'s balance is ${euros(await balanceCents(db, user.id))}: a debit of ${euros(-cents)} would take it below zero; nothing changed.`,
        );
      return `${user.username}: balance ${euros(change.beforeCents)} → ${euros(change.balanceCents)} (${cents > 0 ? '+' : ''}${euros(cents)}, "${reason}")`;
    };
  },
  'sample-usage': ([username, product, daysText]) => {
    if (!username) throw new UsageError('Which username?');
    const productType = productCode(product);
    const days = daysText === undefined ? 30 : Number(daysText);
    if (!Number.isInteger(days) || days < 1 || days > 365)
      throw new UsageError('Days is a whole number from 1 to 365.');
    return async (db) => {
      const user = await accountNamed(db, username);
      const plan = await findActiveCustomerPlan(db, user.id, productType);
      let total = 0;
      for (let back = 0; back < days; back += 1) {
        const day = new Date(Date.now() - back * 86_400_000);
        const bytes = Math.round((0.1 + Math.random() * 0.9) * 1024 ** 3 * (back === 0 ? 0.3 : 1));
        total += bytes;
        // Bytes of the time the current plan has run count against it, as the gateway would have counted them.
        await recordUsage(db, {
          planId: plan && day >= (plan.activatedAt ?? plan.createdAt) ? plan.id : null,
          userId: user.id,
          productType,
          bucket: day,
          bytesUp: Math.round(bytes * 0.1),
          bytesDown: bytes - Math.round(bytes * 0.1),
        });
      }
      return `${user.username}: ${(total / 1024 ** 3).toFixed(2)} GB of sample ${productType} usage over ${days} days`;
    };
  },
};

/** The command these words name, its words checked (backup and restore are the CLI's own: backup.ts). */
export const commandFor = ([name, ...args]: string[]): Run => {
  const command = name ? commands[name] : undefined;
  if (!command) throw new UsageError(name ? `Unknown command "${name}".` : 'Which command?');
  return command(args);
};

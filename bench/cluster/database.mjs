import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { freshDatabase, onServer } from '../fresh-database.mjs';
import { DATABASE_NAME } from './options.mjs';

export const PASSWORD = 'violet kettle 42 drums';

/** The bench's database dropped, or with `keep` only opened again (a run cut short may have left it cut). */
export const dropDatabase = async (serverUrl, { keep = false } = {}) => {
  const found = await onServer(serverUrl, 'select 1 from pg_database where datname = $1', [DATABASE_NAME]);
  if (found.rowCount === 0) return;
  await onServer(
    serverUrl,
    keep
      ? `alter database ${DATABASE_NAME} with allow_connections true`
      : `drop database ${DATABASE_NAME} with (force)`,
  );
};

/** The simulated customers: usernames, and the loopback address each one comes from. */
export const customerList = (count) =>
  Array.from({ length: count }, (_, i) => ({
    index: i,
    username: `cluster_${String(i + 1).padStart(5, '0')}`,
    // Every 127.x.y.z is this machine: each customer gets an address of its own, as behind a real load balancer.
    ip: `127.77.${(i + 1) >> 8}.${(i + 1) & 255}`,
  }));

/**
 * A fresh database on the shared server with `customers` signed up and confirmed (one argon2id hash of the
 * shared password, so that seeding 1,000 takes a second).
 */
export const prepareDatabase = async (serverUrl, customers) => {
  const passwordHash = await hash(PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  return freshDatabase(serverUrl, DATABASE_NAME, async (db, schema) => {
    for (let start = 0; start < customers.length; start += 500) {
      await db.insert(schema.users).values(
        customers.slice(start, start + 500).map((customer) => ({
          username: customer.username,
          email: `${customer.username}@example.com`,
          emailVerified: true,
          passwordHash,
          referralCode: `CL${String(customer.index).padStart(6, '0')}`,
          proxyUsername: `ucl${String(customer.index).padStart(8, '0')}`,
          proxyPassword: `clusterpw${String(customer.index).padStart(8, '0')}x`,
        })),
      );
    }
  });
};

/**
 * The database cut of issue #14, on the bench's own database only: new connections refused and every
 * backend ended; `restore()` lets connections in again. The shared server itself keeps running.
 */
export const cutDatabase = async (serverUrl) => {
  await onServer(serverUrl, `alter database ${DATABASE_NAME} with allow_connections false`);
  const ended = await onServer(
    serverUrl,
    'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [DATABASE_NAME],
  );
  return {
    backendsEnded: ended.rows[0].n,
    restore: () => onServer(serverUrl, `alter database ${DATABASE_NAME} with allow_connections true`),
  };
};

/**
 * What the database says after the run: each paid-for invoice's state, provisions beyond one per paid
 * invoice (or any for an unpaid one), and the usage the gateways wrote (rows, and the plans' running totals).
 */
export const readOutcome = async (databaseUrl, takenInvoiceIds) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const perInvoice = `select i.id, i.paid, count(p.id)::int as plans
      from invoices i left join customer_plans p on p.invoice_id = i.id group by i.id, i.paid`;
    const taken = await client.query(`select * from (${perInvoice}) x where id = any($1::uuid[])`, [
      takenInvoiceIds,
    ]);
    const recorded = new Map(taken.rows.map((row) => [row.id, row]));
    const lost = takenInvoiceIds.filter((id) => {
      const row = recorded.get(id);
      return !row || !row.paid || row.plans < 1;
    });
    const totals = await client.query(`select count(*)::int as invoices,
        count(*) filter (where paid)::int as paid,
        coalesce(sum(greatest(plans - 1, 0)) filter (where paid), 0)::int
          + coalesce(sum(plans) filter (where not paid), 0)::int as doubled
      from (${perInvoice}) x`);
    const usage = await client.query(
      'select coalesce(sum(bytes_up), 0)::bigint as up, coalesce(sum(bytes_down), 0)::bigint as down from usage_records',
    );
    // The running totals per plan that quotas and the dashboard read (issue #14 §4) must agree with the rows.
    const plans = await client.query('select coalesce(sum(used_bytes), 0)::bigint as used from plan_usage');
    return {
      lost,
      ...totals.rows[0],
      usage: {
        up: Number(usage.rows[0].up),
        down: Number(usage.rows[0].down),
        planTotals: Number(plans.rows[0].used),
      },
    };
  } finally {
    await client.end();
  }
};

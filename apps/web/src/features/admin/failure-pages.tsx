import { Anchor, Card, Code, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { PRODUCT_NAMES } from '@proxydesk/contract';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useFailedJobs, useMails, useTraffic, useWebhookRefusals, type MailState } from './failures-api';
import { bytes, productName, when } from './format';
import { mailColumns, ReadOnlyList } from './read-only-list';

/** The read-only lists behind the overview's failure figures (issue #17 §2): mails, jobs, webhooks. */

const usePage = () => {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const set = (changes: Record<string, string>) =>
    setParams({ ...Object.fromEntries(params), page: '1', ...changes }, { replace: true });
  return { params, page, set, onPage: (next: number) => set({ page: String(next) }) };
};

const MAIL_STATES: { value: MailState; label: string }[] = [
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
];

export const MailsPage = () => {
  const { params, page, set, onPage } = usePage();
  const state = (params.get('state') as MailState | null) ?? 'failed';
  const query = useMails({ state }, page);
  return (
    <>
      <PageHeader
        title="Mails"
        description="The outbox, newest first. A failed mail was tried 20 times over about nine days."
      />
      <SegmentedControl
        mb="md"
        aria-label="Mail state"
        data={MAIL_STATES}
        value={state}
        onChange={(value) => set({ state: value })}
      />
      <Card withBorder padding="lg">
        <ReadOnlyList
          columns={[
            ...mailColumns(state === 'failed'),
            {
              label: 'Customer',
              cell: (mail) =>
                mail.customer_id ? (
                  <Anchor component={Link} to={`/admin/customers/${mail.customer_id}`} size="sm">
                    Open
                  </Anchor>
                ) : (
                  '—'
                ),
            },
          ]}
          query={query}
          rowKey={(mail) => mail.id}
          empty={state === 'failed' ? 'No failed mails: every mail went out.' : `No ${state} mails.`}
          noun={['mail', 'mails']}
          page={page}
          onPage={onPage}
          minWidth={760}
        />
      </Card>
    </>
  );
};

export const FailedJobsPage = () => {
  const { page, onPage } = usePage();
  const query = useFailedJobs(page);
  return (
    <>
      <PageHeader
        title="Failed jobs"
        description="Background work that failed every try, newest first; kept for 7 days."
      />
      <Card withBorder padding="lg">
        <ReadOnlyList
          columns={[
            { label: 'Failed', cell: (job) => when(job.failed), nowrap: true },
            { label: 'Job', cell: (job) => <Code>{job.name}</Code> },
            { label: 'Tries', cell: (job) => job.tries, align: 'right' },
            {
              label: 'Error',
              cell: (job) => (
                <Text size="sm" c="dimmed">
                  {job.error || '—'}
                </Text>
              ),
            },
          ]}
          query={query}
          rowKey={(job) => job.id}
          empty="No failed jobs: every job finished."
          noun={['job', 'jobs']}
          page={page}
          onPage={onPage}
        />
      </Card>
    </>
  );
};

export const WebhookRefusalsPage = () => {
  const { page, onPage } = usePage();
  const query = useWebhookRefusals(page);
  return (
    <>
      <PageHeader
        title="Refused provider webhooks"
        description="Payment providers' notifications answered 400 (bad signature or unreadable), per day and provider. Webhooks the shop sends to customers are in Customer webhooks."
      />
      <Group mb="md">
        <Anchor component={Link} to="/admin/money?status=flagged" size="sm">
          Flagged payments are in Money
        </Anchor>
      </Group>
      <Card withBorder padding="lg">
        <ReadOnlyList
          columns={[
            { label: 'Day (UTC)', cell: (row) => row.day, nowrap: true },
            { label: 'Provider', cell: (row) => row.provider },
            { label: 'Refused', cell: (row) => row.count, align: 'right' },
            { label: 'Last at', cell: (row) => when(row.last_at), nowrap: true },
            {
              label: 'Last reason',
              cell: (row) => (
                <Text size="sm" c="dimmed">
                  {row.last_reason}
                </Text>
              ),
            },
          ]}
          query={query}
          rowKey={(row) => `${row.day}-${row.provider}`}
          empty="No refused notifications: every webhook was signed and readable."
          noun={['day', 'days']}
          page={page}
          onPage={onPage}
        />
      </Card>
    </>
  );
};

/** Customers by gateway traffic over 30 days (issue #17 §2: the overview's traffic figures lead here). */
export const TrafficPage = () => {
  const { params, page, set, onPage } = usePage();
  const product = params.get('product') ?? '';
  const query = useTraffic(product || undefined, page);
  return (
    <>
      <PageHeader
        title="Traffic"
        description="Bytes through the gateways in the last 30 days, both ways, per customer and product."
      />
      <Select
        mb="md"
        label="Product"
        placeholder="All products"
        clearable
        w={{ base: '100%', xs: 240 }}
        data={Object.entries(PRODUCT_NAMES).map(([value, label]) => ({ value, label }))}
        value={product || null}
        onChange={(value) => set({ product: value ?? '' })}
      />
      <Card withBorder padding="lg">
        <ReadOnlyList
          columns={[
            {
              label: 'Customer',
              cell: (row) => (
                <Anchor component={Link} to={`/admin/customers/${row.customer_id}`} size="sm">
                  {row.username}
                </Anchor>
              ),
            },
            { label: 'Product', cell: (row) => productName(row.product) },
            { label: 'Traffic', cell: (row) => bytes(row.bytes), align: 'right', nowrap: true },
          ]}
          query={query}
          rowKey={(row) => `${row.customer_id}-${row.product}`}
          empty="No traffic in the last 30 days."
          noun={['row', 'rows']}
          page={page}
          onPage={onPage}
          minWidth={300}
        />
      </Card>
    </>
  );
};

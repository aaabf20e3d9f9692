import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Card, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconCash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { StatCard } from '../../components/stat-card';
import { formatEuro } from '../../lib/format';
import { useOverview } from './api';
import { bytes, productName } from './format';
import { dayAgo, OverviewFailures } from './overview-failures';
import { PreflightCard } from './preflight-card';

/** A stat card's way to the list behind its number. */
const CardLink = ({ to, label }: { to: string; label: string }) => (
  <Anchor component={Link} to={to} size="sm">
    {label}
  </Anchor>
);

/** The console's first page (issue #17 §2): each figure links to its list. */
export const OverviewPage = () => {
  const { data, error, refetch } = useOverview();
  const navigate = useNavigate();
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  const money = (value: number | undefined) => (value === undefined ? '' : formatEuro(value));
  return (
    <>
      <PageHeader
        title="Overview"
        description="The shop at a glance: money, customers, plans, pools, traffic."
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} mb="lg">
        <StatCard
          label="Revenue today"
          value={money(data?.revenue.today)}
          hint={data && `7 days ${money(data.revenue.week)} · 30 days ${money(data.revenue.month)}`}
          icon={<IconCash size={20} />}
          loading={!data}
          action={<CardLink to={`/admin/money?status=paid&from=${dayAgo(0)}`} label="Invoices" />}
        />
        <StatCard
          label="New customers today"
          value={data?.customers.today ?? ''}
          hint={data && `7 days ${data.customers.week} · 30 days ${data.customers.month}`}
          icon={<IconUserPlus size={20} />}
          loading={!data}
          action={<CardLink to="/admin/customers?sort=-joined" label="List" />}
        />
        <StatCard
          label="Customers"
          value={data?.customers.total ?? ''}
          icon={<IconUsers size={20} />}
          loading={!data}
          action={<CardLink to="/admin/customers?sort=-joined" label="List" />}
        />
        <StatCard
          label="Active plans"
          value={data ? data.active_plans.reduce((sum, row) => sum + row.value, 0) : ''}
          hint={data?.active_plans.map((row) => `${productName(row.product)} ${row.value}`).join(' · ')}
          icon={<IconCash size={20} />}
          loading={!data}
          action={<CardLink to="/admin/pools" label="Pools" />}
        />
      </SimpleGrid>
      <PreflightCard />
      <OverviewFailures failures={data?.failures} />
      <Card withBorder padding="lg" mb="lg">
        <Title order={3} size="h4" mb={4}>
          Revenue, last 30 days
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Euro per day paid (UTC days); a bar opens that day&apos;s invoices.{' '}
          <Anchor component={Link} to={`/admin/money?status=paid&from=${dayAgo(30)}`} size="sm">
            All paid invoices, 30 days
          </Anchor>
        </Text>
        {data ? (
          <div role="img" aria-label="Revenue per day over the last 30 days">
            <BarChart
              h={220}
              data={data.daily.map((row) => ({ day: row.day.slice(5), date: row.day, Revenue: row.revenue }))}
              dataKey="day"
              series={[{ name: 'Revenue', color: 'indigo.6' }]}
              tickLine="none"
              gridAxis="none"
              yAxisProps={{ width: 56 }}
              valueFormatter={(value) => formatEuro(value)}
              barProps={{
                cursor: 'pointer',
                onClick: (bar: { payload?: { date?: string } }) => {
                  const day = bar.payload?.date;
                  if (day) void navigate(`/admin/money?status=paid&from=${day}&to=${day}`);
                },
              }}
            />
          </div>
        ) : (
          <Skeleton h={220} />
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb="sm">
            Pools
          </Title>
          <Table.ScrollContainer minWidth={280}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Assigned</Table.Th>
                  <Table.Th ta="right">Free</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.pool.map((row) => (
                  <Table.Tr key={row.product}>
                    <Table.Td>
                      <Anchor component={Link} to="/admin/pools">
                        {productName(row.product)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{row.assigned}</Table.Td>
                    <Table.Td ta="right">{row.free}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb="sm">
            Gateway traffic, 30 days
          </Title>
          <Table>
            <Table.Tbody>
              {data?.traffic.length === 0 && (
                <Table.Tr>
                  <Table.Td c="dimmed">No traffic yet.</Table.Td>
                </Table.Tr>
              )}
              {data?.traffic.map((row) => (
                <Table.Tr key={row.product}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/traffic?product=${row.product}`}>
                      {productName(row.product)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{bytes(row.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>
    </>
  );
};

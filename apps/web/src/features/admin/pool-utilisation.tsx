import { Card, Group, Progress, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { PRODUCT_NAMES, type ProductCode } from '@proxydesk/contract';
import { QueryError } from '../../components/query-error';
import { usePoolUtilisation } from './pools-api';

const productName = (code: string) => PRODUCT_NAMES[code as ProductCode] ?? code;

/** A figure in bold and what it counts ("12 assigned"); the figure's test id is the word. */
const Count = ({ value, word }: { value: number; word: string }) => (
  <Text size="sm">
    <Text span fw={700} data-testid={word}>
      {value}
    </Text>{' '}
    {word}
  </Text>
);

/** Per product: how much of the pool is assigned, how much is free (issue #17 §6). */
export const PoolUtilisation = () => {
  const { data, error, refetch } = usePoolUtilisation();
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!data)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
        <Skeleton h={112} />
        <Skeleton h={112} />
      </SimpleGrid>
    );
  if (data.length === 0)
    return (
      <Card withBorder padding="lg" mb="lg">
        <Text c="dimmed" size="sm">
          No addresses yet — import a range below.
        </Text>
      </Card>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
      {data.map((row) => {
        const used = row.total === 0 ? 0 : (row.assigned / row.total) * 100;
        return (
          <Card
            key={row.product}
            withBorder
            padding="lg"
            data-testid={`utilisation-${row.product}`}
            aria-label={`${productName(row.product)}: ${row.assigned} assigned, ${row.free} free`}
          >
            <Group justify="space-between" align="baseline" mb="xs" wrap="nowrap">
              <Title order={3} size="h5">
                {productName(row.product)}
              </Title>
              <Text size="sm" c="dimmed">
                {Math.round(used)}% in use
              </Text>
            </Group>
            <Progress value={used} size="lg" color="indigo" mb="sm" aria-hidden />
            <Group gap="lg" wrap="wrap">
              <Count value={row.assigned} word="assigned" />
              <Count value={row.free} word="free" />
              <Text size="sm" c="dimmed">
                {row.retired} retired
              </Text>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
};

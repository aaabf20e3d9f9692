import { Accordion, Card, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/query-error';
import { useFaqs } from './api/get-faqs';

/**
 * The shop's questions and answers as an accordion (SPEC.md §2 FAQs); `ask` ends the "No questions yet" line
 * with where to ask (the page knows the shop's support).
 */
export const FaqList = ({ ask }: { ask?: ReactNode }) => {
  const { data, error, isPending, refetch } = useFaqs();
  if (isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading questions">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={52} radius="md" />
        ))}
      </Stack>
    );
  }
  if (error)
    return <QueryError error={error} onRetry={() => void refetch()} title="Could not load the FAQs" />;
  if (data.length === 0) {
    return (
      <Card>
        <Text c="dimmed" ta="center">
          No questions yet{ask ?? '.'}
        </Text>
      </Card>
    );
  }
  return (
    <Accordion variant="contained" radius="md" data-testid="faq-list">
      {data.map((faq) => (
        <Accordion.Item key={faq.id} value={String(faq.id)}>
          <Accordion.Control>
            <Text fw={500}>{faq.question}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {faq.answer}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
};

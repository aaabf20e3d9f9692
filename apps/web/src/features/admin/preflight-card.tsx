import { Button, Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconMailForward } from '@tabler/icons-react';
import { FormAlert } from '../../components/form-alert';
import { toastDone } from '../../lib/toast';
import { useIsOperator } from './me-api';
import { usePreflight, useTestMail } from './preflight-api';

/**
 * "Before taking customers" on the overview (issue #29 item 3): the checklist a production start insists on,
 * shown until every item is fine, with a test mail to prove the mail server before a customer waits for a code.
 */
export const PreflightCard = () => {
  const { data } = usePreflight();
  const operator = useIsOperator();
  const testMail = useTestMail();
  if (!data || data.every((item) => item.ok)) return null;
  const missing = data.filter((item) => !item.ok).length;
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="preflight-title">
      <Group justify="space-between" align="flex-start" mb="xs" gap="sm">
        <div>
          <Title order={3} size="h4" id="preflight-title">
            Before taking customers
          </Title>
          <Text size="sm" c="dimmed">
            {missing === 1 ? 'One setting is' : `${missing} settings are`} missing. A production start (
            <Text span ff="monospace" size="sm">
              NODE_ENV=production
            </Text>
            ) refuses to run until they are set;{' '}
            <Text span ff="monospace" size="sm">
              npm run admin -- doctor
            </Text>{' '}
            prints the same list.
          </Text>
        </div>
        {operator && (
          <Button
            variant="default"
            leftSection={<IconMailForward size={16} />}
            loading={testMail.isPending}
            onClick={() => testMail.mutate(undefined, { onSuccess: (answer) => toastDone(answer.detail) })}
          >
            Send a test mail
          </Button>
        )}
      </Group>
      <FormAlert>{testMail.error?.message}</FormAlert>
      <List mt="sm" spacing="xs" center>
        {data.map((item) => (
          <List.Item
            key={item.name}
            icon={
              <ThemeIcon color={item.ok ? 'teal' : 'red'} variant="light" size={24} radius="xl">
                {item.ok ? <IconCircleCheck size={16} /> : <IconCircleX size={16} />}
              </ThemeIcon>
            }
          >
            <Text size="sm">
              <Text span fw={600} size="sm">
                {item.name}
              </Text>{' '}
              <Text span c={item.ok ? 'dimmed' : undefined} size="sm">
                {item.detail}
              </Text>
            </Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
};

import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { WEBHOOK_EVENTS, type WebhookEventType } from '@proxydesk/contract';
import { useState } from 'react';
import { CopyField } from '../../components/copy-button';
import { FormAlert } from '../../components/form-alert';
import { QueryError } from '../../components/query-error';
import { useAddWebhook, useRemoveWebhook, useUpdateWebhook, useWebhookEndpoints } from './api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { SettingsCard } from './settings-card';

/** What each event means, as the checkbox says it. */
const EVENT_LABELS: Record<WebhookEventType, string> = {
  'invoice.paid': 'An invoice is paid',
  'plan.expiring': 'A plan ends in 3 days or 24 hours',
  'plan.expired': 'A plan has ended',
  'usage.threshold': 'A plan reaches 80 % or 100 % of its data',
  'subuser.limit_reached': 'A sub-user reaches its limit',
  'address.replaced': 'An address is replaced',
};

const AddEndpoint = ({ onSecret }: { onSecret: (secret: string) => void }) => {
  const add = useAddWebhook();
  const form = useForm({
    initialValues: { url: '', events: ['invoice.paid'] as WebhookEventType[] },
    validate: {
      url: (value) =>
        /^https?:\/\/\S+$/.test(value.trim()) ? null : 'Enter a full URL, such as https://example.com/hooks',
      events: (value) => (value.length > 0 ? null : 'Choose at least one event'),
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        add.mutate(
          { url: values.url.trim(), events: values.events },
          {
            onSuccess: ({ payload }) => {
              onSecret(payload.secret);
              form.reset();
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <FormAlert>{add.error?.message}</FormAlert>
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/hooks"
          {...form.getInputProps('url')}
        />
        <Checkbox.Group label="Events to send" {...form.getInputProps('events')}>
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={`${EVENT_LABELS[event]} (${event})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Resellers' webhooks (issue #32 item 3): endpoints, the secret once, and what each delivery got back. */
export const WebhooksCard = () => {
  const endpoints = useWebhookEndpoints();
  const update = useUpdateWebhook();
  const remove = useRemoveWebhook();
  const [secret, setSecret] = useState<string>();
  return (
    <SettingsCard
      title="Webhooks"
      testId="webhooks-card"
      intro={
        <>
          We POST each event to your URL, signed in the <code>ProxyDesk-Signature</code> header, and retry for
          24 hours until it answers 2xx.
        </>
      }
    >
      <Stack gap="md">
        {secret && (
          <Alert color="yellow" variant="light" title="Copy the signing secret now">
            <Text size="sm" mb="xs">
              It is shown only this once; it verifies that a request came from us.
            </Text>
            <CopyField value={secret} label="Signing secret" copyLabel="Copy signing secret" />
          </Alert>
        )}
        {endpoints.error ? (
          <QueryError query={endpoints} />
        ) : !endpoints.data ? (
          <Skeleton height={60} />
        ) : endpoints.data.length === 0 ? (
          <Text size="sm">No endpoints yet: add one below.</Text>
        ) : (
          <Stack gap="xs">
            <FormAlert>{update.error?.message ?? remove.error?.message}</FormAlert>
            {endpoints.data.map((endpoint) => (
              <Group key={endpoint.id} justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {endpoint.url}
                  </Text>
                  <Group gap={4}>
                    {endpoint.events.map((event) => (
                      <Badge key={event} variant="light" size="sm">
                        {event}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Switch
                    checked={endpoint.enabled}
                    aria-label={`Send to ${endpoint.url}`}
                    onChange={(event) =>
                      update.mutate({ id: endpoint.id, enabled: event.currentTarget.checked })
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${endpoint.url}`}
                    loading={remove.isPending && remove.variables === endpoint.id}
                    onClick={() => {
                      if (window.confirm(`Remove ${endpoint.url}? Its deliveries are removed too.`))
                        remove.mutate(endpoint.id);
                    }}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        <AddEndpoint onSecret={setSecret} />
        <WebhookDeliveries />
      </Stack>
    </SettingsCard>
  );
};

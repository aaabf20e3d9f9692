import { ActionIcon, Badge, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { adminCatalogueEndpoints as endpoints } from '@proxydesk/contract';
import type { SectionProps } from './catalogue-page';
import { type BodyInput, bodyOf, moved, useCatalogueEdit } from './catalogue-api';
import { ReasonAndSave } from './reason-modal';

type MethodsBody = BodyInput<typeof endpoints.setPaymentMethods>;

/** Payment methods on or off, in the order the checkout lists them (issue #17 §5). */
export const PaymentMethodsSection = ({ catalogue, canEdit }: SectionProps) => {
  const names = new Map(catalogue.payment_methods.map((m) => [m.code, m.name]));
  const save = useCatalogueEdit(endpoints.setPaymentMethods);
  const form = useForm<MethodsBody>({
    initialValues: {
      methods: catalogue.payment_methods.map(
        ({ code, active }) => ({ code, active }) as MethodsBody['methods'][number],
      ),
      reason: '',
    },
    validate: schemaResolver(bodyOf(endpoints.setPaymentMethods), { sync: true }),
  });
  const { methods } = form.values;
  const submit = form.onSubmit((body) =>
    save.mutate({ body }, { onSuccess: () => form.setFieldValue('reason', '') }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={640}>
        <Card withBorder padding={0}>
          {methods.map((method, index) => (
            <Group
              key={method.code}
              justify="space-between"
              wrap="nowrap"
              px="md"
              py="sm"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" c="dimmed" w={20} ta="right">
                  {index + 1}
                </Text>
                <div>
                  <Text size="sm" fw={500}>
                    {names.get(method.code) ?? method.code}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {method.code}
                  </Text>
                </div>
              </Group>
              <Group gap="xs" wrap="nowrap">
                {canEdit ? (
                  <>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${names.get(method.code)} up`}
                      disabled={index === 0}
                      onClick={() => form.setFieldValue('methods', moved(methods, index, -1))}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${names.get(method.code)} down`}
                      disabled={index === methods.length - 1}
                      onClick={() => form.setFieldValue('methods', moved(methods, index, 1))}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <Switch
                      aria-label={`${names.get(method.code)} offered`}
                      {...form.getInputProps(`methods.${index}.active`, { type: 'checkbox' })}
                    />
                  </>
                ) : (
                  <Badge variant="light" color={method.active ? 'teal' : 'gray'}>
                    {method.active ? 'On' : 'Off'}
                  </Badge>
                )}
              </Group>
            </Group>
          ))}
        </Card>
        <Text size="xs" c="dimmed">
          A method also needs its provider&apos;s keys in the environment to show at checkout.
        </Text>
        {canEdit && (
          <>
            <ReasonAndSave form={form} call={save} label="Save payment methods" />
          </>
        )}
      </Stack>
    </form>
  );
};

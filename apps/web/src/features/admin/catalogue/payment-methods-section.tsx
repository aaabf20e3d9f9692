import { Badge, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminCatalogueEndpoints as endpoints } from '@proxydesk/contract';
import type { SectionProps } from './catalogue-page';
import { type BodyInput, bodyOf, moved, useCatalogueEdit } from './catalogue-api';
import { MoveButtons } from './move-buttons';
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
                    <MoveButtons
                      name={names.get(method.code) ?? method.code}
                      index={index}
                      count={methods.length}
                      onMove={(by) => form.setFieldValue('methods', moved(methods, index, by))}
                    />
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

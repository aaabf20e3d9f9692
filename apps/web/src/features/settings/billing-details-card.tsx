import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  billingDetailsBodySchema,
  type BillingDetailsAnswer,
  type BillingDetailsBody,
} from '@proxydesk/contract';
import { BillingFields, billingFormValues } from '../../components/billing-fields';
import { FormAlert } from '../../components/form-alert';
import { QueryError } from '../../components/query-error';
import { formatDateTime } from '../../lib/format';
import { toastDone } from '../../lib/toast';
import { useBillingDetails, useSaveBillingDetails } from './api/billing-details';
import { SettingsCard } from './settings-card';

const BillingForm = ({ saved }: { saved: BillingDetailsAnswer | null }) => {
  const save = useSaveBillingDetails();
  const form = useForm<BillingDetailsBody>({
    // Controlled: the VAT number's hint follows the country as it is chosen.
    mode: 'controlled',
    initialValues: billingFormValues(saved),
    validate: schemaResolver(billingDetailsBodySchema, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(values, {
          onSuccess: (answer) => {
            form.resetDirty();
            toastDone(answer.detail ?? 'Billing details saved');
          },
        }),
      )}
    >
      <Stack gap="sm">
        {!saved && (
          <FormAlert color="blue">
            No billing details yet: add them once, and every invoice carries them.
          </FormAlert>
        )}
        <FormAlert>{save.error?.message}</FormAlert>
        <BillingFields form={form} />
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            {saved ? `Last changed ${formatDateTime(saved.updated)}` : ''}
          </Text>
          <Button type="submit" loading={save.isPending}>
            Save billing details
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * Settings → Billing details (issue #30 item 5): the company, VAT number and address invoices are issued to,
 * correctable at any time; an invoice already issued keeps the details it was issued with.
 */
export const BillingDetailsCard = () => {
  const details = useBillingDetails();
  return (
    <SettingsCard
      title="Billing details"
      testId="billing-details-card"
      intro="Who your invoices are made out to. Changes apply to invoices issued from now on."
    >
      {details.error ? (
        <QueryError query={details} />
      ) : details.data === undefined ? (
        <Skeleton height={260} />
      ) : (
        <BillingForm saved={details.data} />
      )}
    </SettingsCard>
  );
};

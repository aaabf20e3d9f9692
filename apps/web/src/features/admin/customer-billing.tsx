import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  adminBillingBodySchema,
  type BillingDetailsAnswer,
  type BillingDetailsBody,
} from '@proxydesk/contract';
import { useState } from 'react';
import { BillingFields, billingFormValues } from '../../components/billing-fields';
import { toastDone } from '../../lib/toast';
import { useByHand } from './by-hand-api';
import { CustomerSection } from './customer-section';
import { when } from './format';
import { ReasonAndButtons } from './reason-input';

const rules = schemaResolver(adminBillingBodySchema, { sync: true });

const EditBilling = ({
  customerId,
  saved,
  onClose,
}: {
  customerId: string;
  saved: BillingDetailsAnswer | null;
  onClose: () => void;
}) => {
  const save = useByHand(customerId, 'setBilling');
  const form = useForm<BillingDetailsBody & { reason: string }>({
    mode: 'controlled',
    initialValues: { ...billingFormValues(saved), reason: '' },
    validate: rules,
  });
  return (
    <Modal opened onClose={onClose} title="Edit billing details" centered size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(values, {
            onSuccess: (answer) => {
              toastDone(answer.detail);
              onClose();
            },
          }),
        )}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Invoices issued from now on carry these details; issued invoices keep theirs.
          </Text>
          <BillingFields form={form} />
          <ReasonAndButtons form={form} call={save} label="Save billing details" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
};

/** The customer's billing details on their console page (issue #30 item 5), and the operator's edit. */
export const CustomerBilling = ({
  customerId,
  billing,
  operator,
}: {
  customerId: string;
  billing: BillingDetailsAnswer | null;
  operator: boolean;
}) => {
  const [editing, setEditing] = useState(false);
  return (
    <CustomerSection
      title="Billing details"
      testId="customer-billing"
      aside={
        operator && (
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )
      }
    >
      {billing ? (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {billing.first_name} {billing.last_name}
          </Text>
          {billing.company && <Text size="sm">{billing.company}</Text>}
          <Group gap="xs">
            <Text size="sm">{billing.vat_number ? `VAT ${billing.vat_number}` : 'No VAT number'}</Text>
            {billing.vat_check === 'valid' && (
              <Badge size="sm" color="teal" variant="light">
                Confirmed by VIES
              </Badge>
            )}
          </Group>
          {billing.vat_check === 'unverified' && (
            <Alert color="yellow" variant="light" p="xs" data-testid="vat-unverified">
              VIES could not be reached when this VAT number was saved: it was accepted, and invoices are
              reverse-charged. Check it at VIES, and correct the details if it is wrong.
            </Alert>
          )}
          <Text size="sm">{billing.address}</Text>
          <Text size="sm">
            {billing.zip} {billing.city}, {billing.country}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Last changed {when(billing.updated)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No billing details yet: the customer adds them at checkout or in Settings.
        </Text>
      )}
      {editing && <EditBilling customerId={customerId} saved={billing} onClose={() => setEditing(false)} />}
    </CustomerSection>
  );
};

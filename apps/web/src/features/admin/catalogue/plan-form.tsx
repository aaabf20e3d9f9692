import {
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  type NumberInputProps,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  adminCatalogueEndpoints as endpoints,
  PRODUCT_CODES,
  PRODUCT_NAMES,
  type AdminPlan,
} from '@proxydesk/contract';
import { type BodyInput, bodyOf, useCatalogueEdit } from './catalogue-api';
import { ReasonAndSave } from './reason-modal';

type PlanBody = BodyInput<typeof endpoints.createPlan>;

const PRODUCTS = PRODUCT_CODES.map((code) => ({ value: code, label: `${PRODUCT_NAMES[code]} (${code})` }));

/** A number input whose empty value is null (no IPs, no data cap, no add-GB price). */
export const nullableNumber = (props: {
  value?: unknown;
  onChange?: unknown;
  error?: unknown;
}): NumberInputProps => ({
  ...(props as NumberInputProps),
  value: (props.value as number | null | undefined) ?? '',
  onChange: (value) => (props.onChange as (next: number | null) => void)(value === '' ? null : Number(value)),
});

const blank: PlanBody = {
  type: 'PR_4',
  name: '',
  price: 0,
  duration: 720,
  ip_amount: null,
  data_gb: null,
  add_gb_price: null,
  reason: '',
};

/** Add a plan, or change one's name, price, data, IPs or duration (issue #17 §5): invoices keep their price. */
export const PlanForm = ({ plan, onClose }: { plan: AdminPlan | null; onClose: () => void }) => {
  const create = useCatalogueEdit(endpoints.createPlan);
  const edit = useCatalogueEdit(endpoints.editPlan);
  const saving = plan ? edit : create;
  const form = useForm<PlanBody>({
    initialValues: plan
      ? {
          type: plan.type,
          name: plan.name,
          price: plan.price,
          duration: plan.duration,
          ip_amount: plan.ip_amount,
          data_gb: plan.data_gb,
          add_gb_price: plan.add_gb_price,
          reason: '',
        }
      : blank,
    validate: schemaResolver(bodyOf(endpoints.createPlan), { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    const done = { onSuccess: onClose };
    if (!plan) return create.mutate({ body: values }, done);
    // The product stays: a plan's type is what its invoices and plans were sold as.
    const { name, price, duration, ip_amount, data_gb, add_gb_price, reason } = values;
    edit.mutate(
      { params: { id: plan.id }, body: { name, price, duration, ip_amount, data_gb, add_gb_price, reason } },
      done,
    );
  });
  const days = Number(form.values.duration) / 24;
  return (
    <Modal opened onClose={onClose} title={plan ? `Edit ${plan.name}` : 'New plan'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Product"
            data={PRODUCTS}
            allowDeselect={false}
            disabled={plan !== null}
            {...form.getInputProps('type')}
          />
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label="Price (€)"
              description="Per GB for per-GB products"
              required
              min={0}
              decimalScale={2}
              {...form.getInputProps('price')}
            />
            <NumberInput
              label="Duration (hours)"
              description={Number.isInteger(days) && days > 0 ? `${days} days` : 'Whole hours'}
              required
              min={1}
              allowDecimal={false}
              {...form.getInputProps('duration')}
            />
            <NumberInput
              label="IP addresses"
              description="Empty for per-GB plans"
              min={1}
              allowDecimal={false}
              {...nullableNumber(form.getInputProps('ip_amount'))}
            />
            <NumberInput
              label="Data (GB)"
              description="Included, or the minimum; empty for IP plans"
              min={0}
              {...nullableNumber(form.getInputProps('data_gb'))}
            />
            <NumberInput
              label="Extra GB price (€)"
              description="Empty: fixed data, no slider"
              min={0}
              decimalScale={2}
              {...nullableNumber(form.getInputProps('add_gb_price'))}
            />
          </SimpleGrid>
          <ReasonAndSave
            form={form}
            call={saving}
            label={plan ? 'Save plan' : 'Add plan'}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
};

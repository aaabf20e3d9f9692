import {
  Input,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  adminCatalogueEndpoints as endpoints,
  PRODUCT_CODES,
  PRODUCT_NAMES,
  type AdminCoupon,
} from '@proxydesk/contract';
import { type BodyInput, bodyOf, useCatalogueEdit } from './catalogue-api';
import { nullableNumber } from './plan-form';
import { ReasonAndSave } from './reason-modal';

type CouponBody = BodyInput<typeof endpoints.createCoupon>;

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a `datetime-local` input shows it: the browser's local time, to the minute. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A local date and time input over an ISO 8601 value; empty is null (no limit). */
const timeInput = (props: { value?: unknown; onChange?: unknown; error?: unknown }): TextInputProps => ({
  ...(props as TextInputProps),
  type: 'datetime-local',
  value: localInput((props.value as string | null | undefined) ?? null),
  onChange: (event) => {
    const text = event.currentTarget.value;
    (props.onChange as (next: string | null) => void)(text ? new Date(text).toISOString() : null);
  },
});

const PRODUCTS = PRODUCT_CODES.map((code) => ({ value: code, label: PRODUCT_NAMES[code] }));

const blank: CouponBody = {
  code: '',
  kind: 'percent',
  value: 10,
  valid_from: null,
  valid_until: null,
  max_uses: null,
  once_per_customer: true,
  products: null,
  active: true,
  reason: '',
};

/** Create a promo code or change its terms (issue #17 §5). */
export const CouponForm = ({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) => {
  const create = useCatalogueEdit(endpoints.createCoupon);
  const edit = useCatalogueEdit(endpoints.editCoupon);
  const saving = coupon ? edit : create;
  const form = useForm<CouponBody>({
    initialValues: coupon
      ? {
          code: coupon.code,
          kind: coupon.kind,
          value: coupon.value,
          valid_from: coupon.valid_from,
          valid_until: coupon.valid_until,
          max_uses: coupon.max_uses,
          once_per_customer: coupon.once_per_customer,
          products: coupon.products,
          active: coupon.active,
          reason: '',
        }
      : blank,
    validate: schemaResolver(bodyOf(endpoints.createCoupon), { sync: true }),
  });
  const submit = form.onSubmit((body) => {
    if (coupon) edit.mutate({ params: { id: coupon.id }, body }, { onSuccess: onClose });
    else create.mutate({ body }, { onSuccess: onClose });
  });
  const percent = form.values.kind === 'percent';
  const products = form.getInputProps('products');
  return (
    <Modal opened onClose={onClose} title={coupon ? `Edit ${coupon.code}` : 'New coupon'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Code"
            description="What customers type at checkout; letters are not case-sensitive"
            required
            data-autofocus
            {...form.getInputProps('code')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Input.Wrapper label="Discount" labelElement="div" id="coupon-kind">
              <SegmentedControl
                aria-labelledby="coupon-kind-label"
                fullWidth
                data={[
                  { value: 'percent', label: 'Percent' },
                  { value: 'fixed', label: 'Fixed €' },
                ]}
                {...form.getInputProps('kind')}
              />
            </Input.Wrapper>
            <NumberInput
              label={percent ? 'Percent off' : 'Euro off'}
              required
              min={percent ? 1 : 0.01}
              max={percent ? 100 : undefined}
              decimalScale={percent ? 0 : 2}
              suffix={percent ? ' %' : undefined}
              prefix={percent ? undefined : '€ '}
              {...form.getInputProps('value')}
            />
            <TextInput
              label="Valid from"
              description="Empty: from now"
              {...timeInput(form.getInputProps('valid_from'))}
            />
            <TextInput
              label="Valid until"
              description="Empty: no end"
              {...timeInput(form.getInputProps('valid_until'))}
            />
            <NumberInput
              label="Most uses"
              description="Paid invoices in all; empty: no limit"
              min={1}
              allowDecimal={false}
              {...nullableNumber(form.getInputProps('max_uses'))}
            />
            <MultiSelect
              label="Products"
              description="Empty: every product"
              placeholder="All products"
              data={PRODUCTS}
              clearable
              {...products}
              value={(products.value as string[] | null) ?? []}
              onChange={(value) =>
                form.setFieldValue('products', value.length ? (value as CouponBody['products']) : null)
              }
            />
          </SimpleGrid>
          <Switch
            label="Once per customer"
            {...form.getInputProps('once_per_customer', { type: 'checkbox' })}
          />
          <Switch
            label="Active: customers can use it"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <ReasonAndSave
            form={form}
            call={saving}
            label={coupon ? 'Save coupon' : 'Create coupon'}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
};

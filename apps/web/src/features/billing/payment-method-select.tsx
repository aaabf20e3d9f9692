import { Loader, Select } from '@mantine/core';

/** The payment method of a checkout or top-up; while the methods load, it says so instead of standing empty. */
export const PaymentMethodSelect = ({
  data,
  value,
  onChange,
  loading,
}: {
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  loading: boolean;
}) => (
  <Select
    label="Payment method"
    data={data}
    value={value}
    onChange={onChange}
    allowDeselect={false}
    required
    disabled={loading}
    placeholder={loading ? 'Loading payment methods…' : undefined}
    rightSection={loading ? <Loader size={16} /> : undefined}
  />
);

import { Select } from '@mantine/core';
import type { SubuserProduct } from '@proxydesk/contract';
import { useSubusers } from '../api/subusers';

/**
 * The generator's "For" choice (issue #31): the customer's own credentials, or one of the product's sub-users,
 * whose lines then carry its username and password. Shown once the product has a sub-user.
 */
export const SubuserSelect = ({
  product,
  value,
  onChange,
}: {
  product: SubuserProduct;
  value: string;
  onChange: (id: string) => void;
}) => {
  const list = useSubusers(product);
  const subusers = list.data?.subusers ?? [];
  if (subusers.length === 0) return null;
  return (
    <Select
      label="For"
      description="Whose credentials the lines carry"
      data={[
        { value: '', label: 'Me (main credentials)' },
        ...subusers.map((s) => ({
          value: s.id,
          label: s.status === 'paused' ? `${s.name} (paused)` : s.name,
        })),
      ]}
      value={value}
      onChange={(id) => onChange(id ?? '')}
      allowDeselect={false}
      searchable={subusers.length > 8}
      data-testid="generator-for"
    />
  );
};

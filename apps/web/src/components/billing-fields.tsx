import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COUNTRIES, isEuCountry, type BillingDetailsBody } from '@proxydesk/contract';

/**
 * The billing details' fields (issue #30 item 5): the same in Settings and in the console's edit dialog. The VAT
 * number's hint follows the country: an EU country's number is checked for its format.
 */
export const BillingFields = ({ form }: { form: UseFormReturnType<BillingDetailsBody> }) => {
  const country = form.getValues().country;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="First name"
          autoComplete="given-name"
          required
          {...form.getInputProps('first_name')}
          key={form.key('first_name')}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          required
          {...form.getInputProps('last_name')}
          key={form.key('last_name')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Company"
          description="Optional: for a business"
          autoComplete="organization"
          {...form.getInputProps('company')}
          value={form.getValues().company ?? ''}
          key={form.key('company')}
        />
        <TextInput
          label="VAT number"
          description={
            country && isEuCountry(country)
              ? `Optional: checked for ${country}'s format`
              : 'Optional: your VAT or tax number'
          }
          placeholder={country && isEuCountry(country) ? undefined : 'e.g. DE123456789'}
          {...form.getInputProps('vat_number')}
          value={form.getValues().vat_number ?? ''}
          key={form.key('vat_number')}
        />
      </SimpleGrid>
      <TextInput
        label="Address"
        autoComplete="street-address"
        required
        {...form.getInputProps('address')}
        key={form.key('address')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          label="City"
          autoComplete="address-level2"
          required
          {...form.getInputProps('city')}
          key={form.key('city')}
        />
        <TextInput
          label="ZIP"
          autoComplete="postal-code"
          required
          {...form.getInputProps('zip')}
          key={form.key('zip')}
        />
        <Select
          label="Country"
          placeholder="Choose a country"
          data={[...COUNTRIES]}
          searchable
          required
          {...form.getInputProps('country')}
          key={form.key('country')}
        />
      </SimpleGrid>
    </Stack>
  );
};

/** The form's values from saved details (or empty ones). */
export const billingFormValues = (
  saved:
    | (Omit<BillingDetailsBody, 'company' | 'vat_number'> & {
        company?: string | null | undefined;
        vat_number?: string | null | undefined;
      })
    | null
    | undefined,
): BillingDetailsBody => ({
  first_name: saved?.first_name ?? '',
  last_name: saved?.last_name ?? '',
  company: saved?.company ?? '',
  vat_number: saved?.vat_number ?? '',
  address: saved?.address ?? '',
  city: saved?.city ?? '',
  zip: saved?.zip ?? '',
  country: saved?.country ?? '',
});

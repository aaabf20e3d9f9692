import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COUNTRIES, isEuCountry, type BillingBody, type BillingDetailsBody } from '@proxydesk/contract';

/** A form holding billing details: the checkout's (no company, no VAT number) or the full ones. */
type BillingValues = BillingBody & Partial<Pick<BillingDetailsBody, 'company' | 'vat_number'>>;

/**
 * The billing details' fields (issue #30 item 5): the same in Settings, in the console's edit dialog and in the
 * checkout's modal (which asks no company or VAT number: `tax={false}`). The VAT number's hint follows the
 * country: an EU country's number is checked for its format.
 */
export const BillingFields = <T extends BillingValues>({
  form,
  tax = true,
}: {
  form: UseFormReturnType<T>;
  tax?: boolean;
}) => {
  const { country, company, vat_number } = form.getValues();
  /** A required text field of the address, with the browser's autofill name. */
  const required = (name: keyof BillingBody, label: string, autoComplete: string) => (
    <TextInput
      label={label}
      autoComplete={autoComplete}
      required
      {...form.getInputProps(name)}
      key={form.key(name)}
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {required('first_name', 'First name', 'given-name')}
        {required('last_name', 'Last name', 'family-name')}
      </SimpleGrid>
      {tax && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Company"
            description="Optional: for a business"
            autoComplete="organization"
            {...form.getInputProps('company')}
            value={company ?? ''}
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
            value={vat_number ?? ''}
            key={form.key('vat_number')}
          />
        </SimpleGrid>
      )}
      {required('address', 'Address', 'street-address')}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {required('city', 'City', 'address-level2')}
        {required('zip', 'ZIP', 'postal-code')}
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

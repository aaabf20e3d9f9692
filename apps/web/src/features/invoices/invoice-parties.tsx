import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Billing, DocumentParty, IssuedDocument, Seller } from '@proxydesk/contract';
import type { ReactNode } from 'react';

/** One side of the invoice: the seller or the customer billed. */
const Party = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2} data-testid={`invoice-${label.toLowerCase().replaceAll(' ', '-')}`}>
    <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
      {label}
    </Text>
    {children}
  </Stack>
);

/** A party as the document was issued with it: name, address lines, VAT and registration numbers, e-mail. */
const Issued = ({ party }: { party: DocumentParty }) => (
  <>
    <Text fw={600}>{party.name}</Text>
    {party.address.map((line, i) => (
      <Text size="sm" key={i}>
        {line}
      </Text>
    ))}
    {party.vat_number && <Text size="sm">VAT {party.vat_number}</Text>}
    {party.registration_number && <Text size="sm">Reg. no. {party.registration_number}</Text>}
    {party.email && <Text size="sm">{party.email}</Text>}
  </>
);

/**
 * Seller and buyer: a paid invoice shows both as it was issued (a later change of the shop's or the customer's
 * details never changes it); an unpaid one shows them as they are now.
 */
export const InvoiceParties = ({
  document,
  seller,
  billing,
}: {
  document: IssuedDocument | null;
  seller: Seller;
  billing: Billing | null;
}) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
    <Party label="Seller">
      {document ? (
        <Issued party={document.seller} />
      ) : (
        <>
          <Text fw={600}>{seller.name}</Text>
          {seller.address && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {seller.address}
            </Text>
          )}
          {seller.vat && <Text size="sm">VAT {seller.vat}</Text>}
          {seller.email && <Text size="sm">{seller.email}</Text>}
        </>
      )}
    </Party>
    <Party label="Billed to">
      {document ? (
        <Issued party={document.buyer} />
      ) : billing ? (
        <>
          <Text fw={600}>
            {billing.first_name} {billing.last_name}
          </Text>
          {billing.company && <Text size="sm">{billing.company}</Text>}
          {billing.vat_number && <Text size="sm">VAT {billing.vat_number}</Text>}
          <Text size="sm">{billing.address}</Text>
          <Text size="sm">
            {billing.zip} {billing.city}, {billing.country}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No billing details
        </Text>
      )}
    </Party>
  </SimpleGrid>
);

import { useState } from 'react';
import { CustomerSection } from './customer-section';
import { useMails } from './failures-api';
import { mailColumns, ReadOnlyList } from './read-only-list';

/** "Mails sent" on a customer's page (issue #17 §3): their last mails from the outbox, ten a page. */
export const CustomerMails = ({ customerId }: { customerId: string }) => {
  const [page, setPage] = useState(1);
  const query = useMails({ customer: customerId }, page);
  return (
    <CustomerSection title="Mails sent" testId="customer-mails" mt="lg">
      <ReadOnlyList
        columns={mailColumns(false)}
        query={query}
        rowKey={(mail) => mail.id}
        empty="No mails to this customer yet."
        noun={['mail', 'mails']}
        page={page}
        onPage={setPage}
        minWidth={520}
      />
    </CustomerSection>
  );
};

import { Alert } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

/** A console section whose screens are not built yet: its API may already answer (see the docs' Operator tag). */
export const LaterPage = ({ title }: { title: string }) => (
  <>
    <PageHeader title={title} />
    <Alert color="gray" variant="light">
      This part of the console is not built yet.
    </Alert>
  </>
);

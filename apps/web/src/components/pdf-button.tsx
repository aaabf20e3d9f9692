import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Endpoint } from '@proxydesk/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../lib/download';
import { wantToasts } from '../lib/toasts-wanted';

/** Downloads a document's PDF (an invoice, a credit note); a refusal shows the server's words. */
export const PdfButton = ({
  endpoint,
  params,
  name,
  label = 'PDF',
  ...props
}: {
  endpoint: Endpoint;
  params: Record<string, string>;
  /** The file's name if the server gives none, and what the button is for (its accessible name). */
  name: string;
  label?: string;
} & Omit<ButtonProps, 'children'>) => {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={busy}
      aria-label={`Download ${name} as PDF`}
      onClick={() => {
        setBusy(true);
        downloadFile(endpoint, params, `${name}.pdf`)
          .catch((error: unknown) => {
            wantToasts();
            notifications.show({
              color: 'red',
              title: 'Could not download the PDF',
              message: (error as Error).message,
              withBorder: true,
            });
          })
          .finally(() => setBusy(false));
      }}
      {...props}
    >
      {label}
    </Button>
  );
};

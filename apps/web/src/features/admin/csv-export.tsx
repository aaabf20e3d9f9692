import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toastDone } from '../../lib/toast';

/**
 * A console CSV export: `save` runs `download` (a toast names the saved file), `saving` while it runs, `failure`
 * the server's words when it refuses (cleared by the next try).
 */
export const useCsvExport = (download: () => Promise<string>) => {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const save = () => {
    setSaving(true);
    setFailure('');
    download()
      .then((name) => toastDone(`Saved ${name}`))
      .catch((error: Error) => setFailure(error.message))
      .finally(() => setSaving(false));
  };
  return { save, saving, failure };
};

/** The Export CSV button of a console list or report, with a loader while it saves. */
export const ExportCsvButton = ({
  csv,
  disabled,
}: {
  csv: ReturnType<typeof useCsvExport>;
  disabled: boolean;
}) => (
  <Button
    variant="default"
    size="xs"
    leftSection={<IconDownload size={14} aria-hidden />}
    onClick={csv.save}
    loading={csv.saving}
    disabled={disabled}
  >
    Export CSV
  </Button>
);

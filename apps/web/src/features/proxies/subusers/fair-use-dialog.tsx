import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import {
  capRefusal,
  fairUseCapsSchema,
  type CredentialFairUse,
  type FairUseMaximumView,
} from '@proxydesk/contract';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useSetFairUse, type FairUseTarget } from '../api/fair-use';
import { maximumWords } from './fair-use-words';
import { FormButtons } from '../../../components/form-buttons';

export interface FairUseEdit {
  target: FairUseTarget;
  /** Whose: "your own line" or the sub-user's name. */
  who: string;
  current: CredentialFairUse;
}

/** The caps of one set of credentials, within the shop's maximum (empty: the shop's). */
export const FairUseDialog = ({
  edit,
  maximum,
  onClose,
}: {
  edit: FairUseEdit | null;
  maximum: FairUseMaximumView | undefined;
  onClose: () => void;
}) => (
  <Modal opened={edit !== null} onClose={onClose} title="Fair use" centered>
    {edit && maximum && (
      <FairUseForm key={edit.target.subuserId ?? 'owner'} edit={edit} maximum={maximum} onClose={onClose} />
    )}
  </Modal>
);

const asCap = (value: number | string) => (value === '' ? null : Number(value));

const FairUseForm = ({
  edit,
  maximum,
  onClose,
}: {
  edit: FairUseEdit;
  maximum: FairUseMaximumView;
  onClose: () => void;
}) => {
  const save = useSetFairUse();
  const [sources, setSources] = useState<number | string>(edit.current.max_sources ?? '');
  const [connections, setConnections] = useState<number | string>(edit.current.max_connections ?? '');
  const [errors, setErrors] = useState<{ sources?: string | undefined; connections?: string | undefined }>(
    {},
  );
  const most = {
    maxSources: maximum.max_sources,
    windowMinutes: maximum.window_minutes,
    maxConnections: maximum.max_connections,
  };
  const words = maximumWords(maximum);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const caps = { max_sources: asCap(sources), max_connections: asCap(connections) };
        const parsed = fairUseCapsSchema.safeParse(caps);
        const issue = (field: string) =>
          parsed.success ? undefined : parsed.error.issues.find((each) => each.path[0] === field)?.message;
        const found = {
          sources: issue('max_sources') ?? capRefusal('sources', caps.max_sources, most, maximum.product),
          connections:
            issue('max_connections') ??
            capRefusal('connections', caps.max_connections, most, maximum.product),
        };
        setErrors(found);
        if (found.sources || found.connections) return;
        save.mutate({ target: edit.target, caps }, { onSuccess: onClose });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Caps for {edit.who}, against sharing: a new source address or connection past them is refused (429).
          Leave a field empty for the shop’s maximum.
        </Text>
        <FormAlert>{save.error?.message}</FormAlert>
        <NumberInput
          label={`Source addresses per ${maximum.window_minutes} minutes`}
          description={words.sources}
          placeholder={maximum.max_sources ? String(maximum.max_sources) : 'No cap'}
          min={1}
          allowDecimal={false}
          value={sources}
          onChange={setSources}
          error={errors.sources}
          data-autofocus
        />
        <NumberInput
          label="Open connections"
          description={words.connections}
          placeholder={maximum.max_connections ? String(maximum.max_connections) : 'No cap'}
          min={1}
          allowDecimal={false}
          value={connections}
          onChange={setConnections}
          error={errors.connections}
        />
        <FormButtons label="Save" pending={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
};

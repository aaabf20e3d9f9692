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

type Cap = 'sources' | 'connections';

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
  const [values, setValues] = useState<Record<Cap, number | string>>({
    sources: edit.current.max_sources ?? '',
    connections: edit.current.max_connections ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Cap, string | undefined>>>({});
  const most = {
    maxSources: maximum.max_sources,
    windowMinutes: maximum.window_minutes,
    maxConnections: maximum.max_connections,
  };
  const words = maximumWords(maximum);
  /** Each cap's field; empty stands for the shop's maximum, shown as its placeholder. */
  const fields: { cap: Cap; label: string; most: number | null }[] = [
    {
      cap: 'sources',
      label: `Source addresses per ${maximum.window_minutes} minutes`,
      most: maximum.max_sources,
    },
    { cap: 'connections', label: 'Open connections', most: maximum.max_connections },
  ];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const caps = { max_sources: asCap(values.sources), max_connections: asCap(values.connections) };
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
        {fields.map(({ cap, label, most }, index) => (
          <NumberInput
            key={cap}
            label={label}
            description={words[cap]}
            placeholder={most ? String(most) : 'No cap'}
            min={1}
            allowDecimal={false}
            value={values[cap]}
            onChange={(value) => setValues((before) => ({ ...before, [cap]: value }))}
            error={errors[cap]}
            data-autofocus={index === 0 || undefined}
          />
        ))}
        <FormButtons label="Save" pending={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
};

import { Button, Group, Modal, MultiSelect, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  SUBUSER_MAX_LIMIT_GB,
  subuserLimitBodySchema,
  type Subuser,
  type SubuserLimitPeriod,
} from '@proxydesk/contract';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useCountryStats } from '../api/proxies';
import { useSetSubuserCountries, useSetSubuserLimit } from '../api/subusers';
import { FormButtons } from '../../../components/form-buttons';

/** GB and period of a sub-user's own limit (the plan's data bounds it anyway), or none. */
export const LimitDialog = ({ subuser, onClose }: { subuser: Subuser | null; onClose: () => void }) => (
  <Modal opened={subuser !== null} onClose={onClose} title="Data limit" centered>
    {/* A fresh form for each sub-user opened. */}
    {subuser && <LimitForm key={subuser.id} subuser={subuser} onClose={onClose} />}
  </Modal>
);

const LimitForm = ({ subuser, onClose }: { subuser: Subuser; onClose: () => void }) => {
  const save = useSetSubuserLimit();
  const [gb, setGb] = useState<number | string>(subuser.limit?.gb ?? '');
  const [period, setPeriod] = useState<SubuserLimitPeriod>(subuser.limit?.period ?? 'month');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = subuserLimitBodySchema.safeParse({ gb: gb === '' ? undefined : Number(gb), period });
        if (!parsed.success)
          return setError(gb === '' ? 'Enter the GB' : (parsed.error.issues[0]?.message ?? 'Not a limit'));
        setError(null);
        save.mutate({ id: subuser.id, limit: parsed.data }, { onSuccess: onClose });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {subuser.name}’s data, counted both ways. Monthly and daily limits start again at 00:00 UTC.
        </Text>
        <FormAlert>{save.error?.message}</FormAlert>
        <NumberInput
          label="Limit (GB)"
          min={0.01}
          max={SUBUSER_MAX_LIMIT_GB}
          decimalScale={2}
          value={gb}
          onChange={setGb}
          error={error}
          data-autofocus
          required
        />
        <SegmentedControl
          aria-label="Period"
          fullWidth
          value={period}
          onChange={(value) => setPeriod(value)}
          data={[
            { value: 'day', label: 'Per day' },
            { value: 'month', label: 'Per month' },
            { value: 'lifetime', label: 'In total' },
          ]}
        />
        <Group justify="space-between">
          {subuser.limit ? (
            <Button
              variant="subtle"
              color="red"
              loading={save.isPending && save.variables.limit === null}
              onClick={() => save.mutate({ id: subuser.id, limit: null }, { onSuccess: onClose })}
            >
              Remove limit
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending && save.variables.limit !== null}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
};

/** The countries a sub-user's lines may ask for; none chosen: any. */
export const CountriesDialog = ({ subuser, onClose }: { subuser: Subuser | null; onClose: () => void }) => (
  <Modal opened={subuser !== null} onClose={onClose} title="Allowed countries" centered>
    {subuser && <CountriesForm key={subuser.id} subuser={subuser} onClose={onClose} />}
  </Modal>
);

const CountriesForm = ({ subuser, onClose }: { subuser: Subuser; onClose: () => void }) => {
  const locations = useCountryStats();
  const save = useSetSubuserCountries();
  const [countries, setCountries] = useState<string[]>(subuser.allowed_countries);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id: subuser.id, countries }, { onSuccess: onClose });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Lines of {subuser.name} asking for another country are refused. Leave empty to allow any country.
        </Text>
        <FormAlert>{save.error?.message ?? locations.error?.message}</FormAlert>
        <MultiSelect
          label="Countries"
          placeholder={countries.length ? undefined : 'Any country'}
          data={(locations.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
          value={countries}
          onChange={setCountries}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="No such country"
          disabled={locations.isPending}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <FormButtons label="Save" pending={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
};

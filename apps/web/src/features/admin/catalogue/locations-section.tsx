import {
  Accordion,
  Badge,
  Collapse,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { adminCatalogueEndpoints as endpoints, type adminLocationSchema, type z } from '@proxydesk/contract';
import { useState } from 'react';
import { PageSkeleton } from '../../../components/page-skeleton';
import { QueryError } from '../../../components/query-error';
import type { SectionProps } from './catalogue-page';
import { useAdminLocations, useCatalogueEdit } from './catalogue-api';
import { ReasonModal } from './reason-modal';

type Country = z.infer<typeof adminLocationSchema>;
interface Place {
  country: string;
  city?: string;
  isp?: string;
  name: string;
  active: boolean;
}

const OnOff = ({
  place,
  canEdit,
  onSwitch,
}: {
  place: Place;
  canEdit: boolean;
  onSwitch: (p: Place) => void;
}) =>
  canEdit ? (
    <Switch
      checked={place.active}
      onChange={() => onSwitch(place)}
      aria-label={`${place.name} offered`}
      onLabel="ON"
      offLabel="OFF"
    />
  ) : (
    <Badge variant="light" color={place.active ? 'teal' : 'gray'}>
      {place.active ? 'On' : 'Off'}
    </Badge>
  );

/** A country's row; open, its cities and their ISPs. */
const CountryRow = ({
  country,
  canEdit,
  onSwitch,
}: {
  country: Country;
  canEdit: boolean;
  onSwitch: (p: Place) => void;
}) => {
  const [open, setOpen] = useState(false);
  const Chevron = open ? IconChevronDown : IconChevronRight;
  return (
    <div style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" px="md" py={8}>
        <UnstyledButton
          onClick={() => setOpen(!open)}
          disabled={country.cities.length === 0}
          aria-expanded={open}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap="xs" wrap="nowrap">
            <Chevron size={14} style={{ opacity: country.cities.length ? 1 : 0 }} aria-hidden />
            <Text size="sm" fw={500} truncate>
              {country.name}
            </Text>
            <Text size="xs" c="dimmed">
              {country.code.toUpperCase()}
              {country.cities.length > 0 && ` · ${country.cities.length} cities`}
            </Text>
          </Group>
        </UnstyledButton>
        <OnOff
          place={{ country: country.code, name: country.name, active: country.active }}
          canEdit={canEdit}
          onSwitch={onSwitch}
        />
      </Group>
      <Collapse expanded={open}>
        <Stack gap={4} pl={40} pr="md" pb="sm">
          {country.cities.map((city) => (
            <div key={city.code}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">{city.name}</Text>
                <OnOff
                  place={{ country: country.code, city: city.code, name: city.name, active: city.active }}
                  canEdit={canEdit}
                  onSwitch={onSwitch}
                />
              </Group>
              {city.isps.map((isp) => (
                <Group key={isp.code} justify="space-between" wrap="nowrap" pl="md">
                  <Text size="xs" c="dimmed">
                    ISP {isp.name}
                  </Text>
                  <OnOff
                    place={{
                      country: country.code,
                      city: city.code,
                      isp: isp.code,
                      name: `${isp.name} in ${city.name}`,
                      active: isp.active,
                    }}
                    canEdit={canEdit}
                    onSwitch={onSwitch}
                  />
                </Group>
              ))}
            </div>
          ))}
        </Stack>
      </Collapse>
    </div>
  );
};

const matches = (country: Country, q: string) =>
  !q ||
  country.name.toLowerCase().includes(q) ||
  country.code === q ||
  country.cities.some((city) => city.name.toLowerCase().includes(q));

/** Premium locations (issue #17 §5): countries, cities and ISPs the premium generator offers, on or off. */
export const LocationsSection = ({ canEdit }: SectionProps) => {
  const { data, error, refetch } = useAdminLocations();
  const [query, setQuery] = useState('');
  const [switching, setSwitching] = useState<Place | null>(null);
  const [lastReason, setLastReason] = useState('');
  const save = useCatalogueEdit(endpoints.setLocation);
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!data) return <PageSkeleton />;
  const q = query.trim().toLowerCase();
  const shown = data.filter((country) => matches(country, q));
  const groups = [...new Set(shown.map((c) => c.group))];
  const off = data.filter((c) => !c.active).length;
  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Find a place"
          placeholder="Germany, de, Berlin"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Text size="sm" c="dimmed">
          {data.length - off} of {data.length} countries on
        </Text>
      </Group>
      {groups.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          No country or city matches &ldquo;{query}&rdquo;.
        </Text>
      )}
      <Accordion
        variant="separated"
        multiple
        // A search opens every part of the world with a match; otherwise the operator opens one.
        {...(q ? { value: groups } : {})}
      >
        {groups.map((group) => {
          const countries = shown.filter((c) => c.group === group);
          const on = countries.filter((c) => c.active).length;
          return (
            <Accordion.Item key={group} value={group}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" pr="sm">
                  <Text size="sm" fw={600} tt="capitalize">
                    {group}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {on} of {countries.length} on
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel styles={{ content: { padding: 0 } }}>
                {countries.map((country) => (
                  <CountryRow
                    key={country.code}
                    country={country}
                    canEdit={canEdit}
                    onSwitch={setSwitching}
                  />
                ))}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {switching && (
        <ReasonModal
          title={`Switch ${switching.name} ${switching.active ? 'off' : 'on'}?`}
          confirm={switching.active ? 'Switch off' : 'Switch on'}
          danger={switching.active}
          pending={save.isPending}
          error={save.error}
          initialReason={lastReason}
          onClose={() => setSwitching(null)}
          onConfirm={(reason) => {
            const { country, city, isp, active } = switching;
            save.mutate(
              { body: { country, city, isp, active: !active, reason } },
              {
                onSuccess: () => {
                  setLastReason(reason);
                  setSwitching(null);
                },
              },
            );
          }}
        >
          <Text size="sm">
            {switching.active
              ? 'The generators stop offering it. Lines already made keep working.'
              : 'The generators offer it again.'}
          </Text>
        </ReasonModal>
      )}
    </Stack>
  );
};

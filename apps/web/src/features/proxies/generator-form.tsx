import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  GENERATOR_LIMITS,
  RANDOM_LOCATION,
  STICKY_LIFETIME,
  STICKY_LIFETIME_CHOICES,
  type GenerateProxyBody,
} from '@proxydesk/contract';
import { useMemo, useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useGenerateProxies, useLocations } from './api/proxies';
import { locationGroups } from './location-groups';
import { ProxiesOutput } from './proxies-output';
import { SubuserSelect } from './subusers/subuser-select';

/** `30m` → "30 minutes", `1h` → "1 hour". */
const lifetimeLabel = (value: string) => {
  const amount = Number(value.slice(0, -1));
  const unit = value.endsWith('h') ? 'hour' : 'minute';
  return `${amount} ${unit}${amount === 1 ? '' : 's'}${value === `${STICKY_LIFETIME.defaultMinutes}m` ? ' (default)' : ''}`;
};

/** Rotating (a new exit IP each request) or sticky (one IP for the session lifetime). */
const LINE_TYPES = [
  { value: 'rotating', label: 'Rotating' },
  { value: 'sticky', label: 'Sticky' },
];
const PROTOCOLS = [
  { value: 'http', label: 'HTTP/S' },
  { value: 'sock', label: 'SOCKS5' },
];

/** A required choice among a few fixed ones: the line's type, its protocol. */
const FixedChoice = ({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
}) => (
  <Select label={label} data={choices} value={value} onChange={onChange} required allowDeselect={false} />
);

/**
 * Generate Proxies (SPEC.md §2, §5, §9): location (Random, the shop's most-bought countries, the special pools,
 * countries by continent), sticky or rotating (sticky with a session lifetime, issue #31 item 5), HTTP or SOCKS5,
 * quantity; premium adds city and ISP. 1–100 lines on the /proxy page, 1–10,000 on a product page (which names its `product`).
 */
export const GeneratorForm = ({
  product,
  cityAndIsp,
}: {
  product?: 'PR_2' | 'PR_6';
  cityAndIsp: boolean;
}) => {
  const locations = useLocations();
  const generate = useGenerateProxies();
  const limits = product ? GENERATOR_LIMITS.productPage : GENERATOR_LIMITS.proxyPage;
  const [country, setCountry] = useState<string | null>(RANDOM_LOCATION);
  const [city, setCity] = useState<string | null>(null);
  const [isp, setIsp] = useState<string | null>(null);
  const [type, setType] = useState<string | null>('rotating');
  const [lifetime, setLifetime] = useState<string | null>(`${STICKY_LIFETIME.defaultMinutes}m`);
  const [ptype, setPtype] = useState<string | null>('http');
  const [amount, setAmount] = useState<number | string>(limits.default);
  const [error, setError] = useState<string | null>(null);
  const [subuser, setSubuser] = useState('');

  const places = locations.data?.countries;
  const groups = useMemo(
    () => locationGroups(places ?? [], locations.data?.popular ?? []),
    [places, locations.data?.popular],
  );
  const [search, setSearch] = useState<string | null>(null);
  const labelOf = (code: string | null) =>
    code === RANDOM_LOCATION ? 'Random' : ((places ?? []).find((c) => c.code === code)?.name ?? '');
  const cities = (places ?? []).find((c) => c.code === country)?.cities.options ?? [];
  const isps = cities.find((c) => c.code === city)?.isps.options ?? [];

  const quantityOk = (quantity: number) =>
    Number.isInteger(quantity) && quantity >= limits.min && quantity <= limits.max;
  const quantityRule = `Quantity is ${limits.min} to ${limits.max}`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const quantity = Number(amount);
    if (!country || !type || !ptype) return setError('Location, type and proxy type are required');
    // A number out of range is already marked on the field; an empty one is said here.
    if (!quantityOk(quantity)) return setError(amount === '' ? quantityRule : null);
    setError(null);
    const body: GenerateProxyBody = {
      proxy_type: 'premium',
      type: type as 'sticky' | 'rotating',
      amount: quantity,
      country,
      ptype: ptype as 'http' | 'sock',
      ...(cityAndIsp && city ? { city } : {}),
      ...(cityAndIsp && city && isp ? { isp } : {}),
      ...(product ? { product } : {}),
      ...(product && subuser ? { subuser } : {}),
      ...(type === 'sticky' && lifetime ? { lifetime } : {}),
    };
    generate.mutate(body);
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="sm">
          Generate Proxies
        </Title>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <FormAlert>{error ?? generate.error?.message ?? locations.error?.message}</FormAlert>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: cityAndIsp ? 3 : 2 }} spacing="sm">
              {product && <SubuserSelect product={product} value={subuser} onChange={setSubuser} />}
              <Select
                label="Location"
                data={groups}
                value={country}
                onChange={(value) => {
                  setCountry(value);
                  setCity(null);
                  setIsp(null);
                }}
                searchable
                // The choice stays a value, not typed text (issue #33 item 6): opened, the search starts empty
                // with the choice as its placeholder; closed, the field shows the choice again.
                searchValue={search ?? labelOf(country)}
                onSearchChange={setSearch}
                onDropdownOpen={() => setSearch('')}
                onDropdownClose={() => setSearch(null)}
                placeholder={labelOf(country)}
                required
                allowDeselect={false}
              />
              {cityAndIsp && (
                <Select
                  label="City"
                  placeholder={cities.length ? 'Any city' : 'No city choice here'}
                  data={cities.map((c) => ({ value: c.code, label: c.name }))}
                  value={city}
                  onChange={(v) => {
                    setCity(v);
                    setIsp(null);
                  }}
                  disabled={!cities.length}
                  clearable
                />
              )}
              {cityAndIsp && (
                <Select
                  label="ISP"
                  placeholder={isps.length ? 'Any ISP' : 'Choose a city first'}
                  data={isps.map((i) => ({ value: i.code, label: i.name }))}
                  value={isp}
                  onChange={setIsp}
                  disabled={!isps.length}
                  clearable
                />
              )}
              <FixedChoice label="Type" choices={LINE_TYPES} value={type} onChange={setType} />
              {type === 'sticky' && (
                <Select
                  label="Session lifetime"
                  description="How long each line keeps its exit IP"
                  data={STICKY_LIFETIME_CHOICES.map((value) => ({ value, label: lifetimeLabel(value) }))}
                  value={lifetime}
                  onChange={setLifetime}
                  allowDeselect={false}
                />
              )}
              <FixedChoice label="Proxy type" choices={PROTOCOLS} value={ptype} onChange={setPtype} />
              <NumberInput
                label="Quantity"
                description={`${limits.min} to ${limits.max.toLocaleString()} lines`}
                min={limits.min}
                max={limits.max}
                value={amount}
                onChange={setAmount}
                error={amount !== '' && !quantityOk(Number(amount)) ? quantityRule : undefined}
                allowDecimal={false}
                clampBehavior="none"
                required
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={generate.isPending}>
                Generate
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {generate.data && (
        <ProxiesOutput
          proxies={generate.data.payload.proxies}
          product={product ?? 'PR_2'}
          note={`Proxytype: ${ptype === 'sock' ? 'SOCKS5' : 'HTTP'}`}
        />
      )}
    </Stack>
  );
};

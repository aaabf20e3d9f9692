import { Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconShoppingCart, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';

type PageProduct = 'PR_2' | 'PR_3' | 'PR_4' | 'PR_5' | 'PR_6';

/** What each product page's product is, for a customer who has none yet. */
const ABOUT: Record<PageProduct, { what: string; points: string[]; purchase: string }> = {
  PR_2: {
    what: 'Static ISP addresses that sites see as home connections, sold by the GB.',
    points: ['150+ countries', 'Unlimited threads', 'Proxy lines generated here, ready to paste'],
    purchase: '/purchase/isp',
  },
  PR_3: {
    what: 'Rotating residential addresses from 150+ countries: every request leaves from a new home IP, sold by the GB.',
    points: [
      'Day, week or month plans, 50 to 2,000 GB',
      'Unlimited threads',
      'One line to paste, generated here',
    ],
    purchase: '/purchase/residential',
  },
  PR_6: {
    what: 'Residential addresses chosen by country, city and ISP, rotating or sticky, sold by the GB.',
    points: ['150+ countries, down to city and ISP', 'Unlimited threads', 'Rotating or sticky sessions'],
    purchase: '/purchase/premium-residential',
  },
  PR_4: {
    what: 'Fast datacenter addresses of your own, for a month, used from the IPs you whitelist.',
    points: ['Unlimited bandwidth', 'Your addresses, nobody else’s', 'Activate with one IP, add more later'],
    purchase: '/purchase/datacenter',
  },
  PR_5: {
    what: 'IPv6 addresses by the hundred, for a month, used from the IPs you whitelist.',
    points: ['Unlimited bandwidth', 'Large blocks at a low price', 'Activate with one IP, add more later'],
    purchase: '/purchase/ipv6',
  },
};

/**
 * A product page without a plan (issue #19 item 7): what the product is and the way to buy it, in place of empty
 * figures and charts (DESIGN.md §7 empty states).
 */
export const NoPlan = ({ what, product }: { what: string; product: PageProduct }) => {
  const about = ABOUT[product];
  return (
    <Card withBorder padding="xl" data-testid="no-plan">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light" visibleFrom="xs" aria-hidden>
          <IconWorld size={26} />
        </ThemeIcon>
        <Stack gap="sm" style={{ flex: 1 }}>
          <Title order={2} size="h3">
            You have no {what} plan yet
          </Title>
          <Text c="dimmed">{about.what}</Text>
          <List
            spacing={4}
            size="sm"
            icon={
              <ThemeIcon size={18} radius="xl" color="teal" variant="light">
                <IconCheck size={12} />
              </ThemeIcon>
            }
          >
            {about.points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
          <Group gap="sm" mt="xs">
            <Button component={Link} to={about.purchase} leftSection={<IconShoppingCart size={16} />}>
              Buy {what}
            </Button>
            <Text size="sm" c="dimmed">
              Your proxies appear here as soon as it is paid.
            </Text>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
};

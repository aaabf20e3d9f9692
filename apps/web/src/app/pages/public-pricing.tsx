import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryError } from '../../components/query-error';
import { usePlans } from '../../features/purchase/api/get-plans';
import { choicePath, productBySlug } from '../../features/purchase/plan-choice';
import { PriceList } from '../../features/purchase/price-list';
import { usePageTitle } from '../../lib/brand';
import { withNext } from '../../lib/return-path';

/**
 * /pricing for a visitor (issue #33): every product's prices from the public catalogue, drawn at build time
 * like sign-in (src/prerender.tsx). Buy Now goes to sign-up carrying the plan (`?next=`), and back to it after.
 */
export const PublicPricingPage = () => {
  usePageTitle('Pricing');
  const plans = usePlans();
  const navigate = useNavigate();
  // The drawn page is the first product's; an address with `?product=` gets the bare page, drawn here.
  const [search, setSearch] = useSearchParams();
  const product = productBySlug(search.get('product')).slug;
  return (
    <Box w="100%" maw={1200} data-testid="public-pricing-page">
      <Group justify="space-between" align="flex-end" mb="xl" gap="md">
        <Stack gap={4}>
          <Title order={1}>Pricing</Title>
          <Text c="dimmed">
            Every product and plan, in euro. Pay once; your proxies are ready as soon as it is paid.
          </Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={withNext('/login', '/pricing')} variant="default">
            Sign in
          </Button>
          <Button component={Link} to={withNext('/signup', '/pricing')}>
            Create an account
          </Button>
        </Group>
      </Group>
      {plans.error ? (
        <QueryError query={plans} />
      ) : (
        <PriceList
          product={product}
          onProduct={(slug) => setSearch({ product: slug }, { replace: true })}
          plans={plans.data}
          onBuy={(choice) => void navigate(withNext('/signup', choicePath(choice)))}
        />
      )}
      <Text size="sm" c="dimmed" mt="xl" ta="center">
        Questions first?{' '}
        <Anchor component={Link} to="/faqs" underline="always">
          Read the FAQs
        </Anchor>
      </Text>
    </Box>
  );
};

import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FaqList } from '../../features/faq/faq-list';
import { FaqAsk } from '../faq-ask';
import { usePageTitle } from '../../lib/brand';
import { AuthCard } from '../layouts/auth-layout';

/** The FAQs for visitors who have not signed in yet. */
export const PublicFaqsPage = () => {
  usePageTitle('FAQs');
  return (
    <AuthCard title="Frequently asked questions" subtitle="Answers to the questions customers ask most." wide>
      <Stack gap="lg">
        <FaqList ask={<FaqAsk />} />
        <Anchor component={Link} to="/" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> Back to sign in
        </Anchor>
      </Stack>
    </AuthCard>
  );
};

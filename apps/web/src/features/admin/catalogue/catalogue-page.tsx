import { Alert, Tabs } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { AdminCatalogue } from '@proxydesk/contract';
import { useEffect, useRef, type ComponentType } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { QueryError } from '../../../components/query-error';
import { AnnouncementSection } from './announcement-section';
import { useAdminCatalogue } from './catalogue-api';
import { CouponsSection } from './coupons-section';
import { DayPricesSection } from './day-prices-section';
import { FairUseSection } from './fair-use-section';
import { FaqSection } from './faq-section';
import { LocationsSection } from './locations-section';
import { MaintenanceSection } from './maintenance-section';
import { PaymentMethodsSection } from './payment-methods-section';
import { PlansSection } from './plans-section';
import { ReplacementsSection } from './replacements-section';
import { SocialSection } from './social-section';
import { VatRatesSection } from './vat-rates-section';

/** What every section gets: the catalogue as read, and whether this member of staff may change it. */
export interface SectionProps {
  catalogue: AdminCatalogue;
  canEdit: boolean;
}

const SECTIONS: { path: string; label: string; Section: ComponentType<SectionProps> }[] = [
  { path: 'plans', label: 'Plans', Section: PlansSection },
  { path: 'day-prices', label: 'Day prices', Section: DayPricesSection },
  { path: 'payment-methods', label: 'Payment methods', Section: PaymentMethodsSection },
  { path: 'coupons', label: 'Coupons', Section: CouponsSection },
  { path: 'vat-rates', label: 'VAT rates', Section: VatRatesSection },
  { path: 'faq', label: 'FAQ', Section: FaqSection },
  { path: 'announcement', label: 'Announcement', Section: AnnouncementSection },
  { path: 'social', label: 'Social links', Section: SocialSection },
  { path: 'maintenance', label: 'Maintenance', Section: MaintenanceSection },
  { path: 'locations', label: 'Locations', Section: LocationsSection },
  { path: 'fair-use', label: 'Fair use', Section: FairUseSection },
  { path: 'replacements', label: 'Replacements', Section: ReplacementsSection },
];

/** The catalogue, edited live (issue #17 §5): a tab per part, each at its own address. */
export const CataloguePage = () => {
  const { section } = useParams();
  const navigate = useNavigate();
  const { data, error, refetch } = useAdminCatalogue();
  // The tabs scroll sideways when they do not fit: the open one is brought into view.
  const tabs = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabs.current
      ?.querySelector('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [section]);
  if (!section) return <Navigate to="/admin/catalogue/plans" replace />;
  const current = SECTIONS.find((s) => s.path === section);
  if (!current) return <Navigate to="/admin/catalogue/plans" replace />;
  return (
    <>
      <PageHeader
        title={`Catalogue · ${current.label}`}
        description="What the shop sells and says. Changes show to customers at once; each is audited."
      />
      {data && !data.can_edit && (
        <Alert color="gray" variant="light" icon={<IconEye size={18} />} mb="md">
          Support sees the catalogue read-only: operators change it.
        </Alert>
      )}
      <Tabs
        keepMounted={false}
        value={section}
        onChange={(value) => value && void navigate(`/admin/catalogue/${value}`)}
      >
        <Tabs.List ref={tabs} mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {SECTIONS.map((s) => (
            <Tabs.Tab key={s.path} value={s.path} style={{ flexShrink: 0 }}>
              {s.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SECTIONS.map(({ path, Section }) => (
          <Tabs.Panel key={path} value={path}>
            {error && <QueryError error={error} onRetry={() => void refetch()} />}
            {!data && !error && <PageSkeleton />}
            {data && <Section catalogue={data} canEdit={data.can_edit} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
};

import { ComingSoon } from '../../components/coming-soon';
import { PageHeader } from '../../components/page-header';

/** A logged-in screen that an upcoming release builds. */
export const ComingSoonPage = ({ title }: { title: string }) => (
  <>
    <PageHeader title={title} />
    <ComingSoon what={title} />
  </>
);

import { PageHeader } from '../../components/page-header';
import { FaqList } from '../../features/faq/faq-list';
import { FaqAsk } from '../faq-ask';

export const FaqsPage = () => (
  <>
    <PageHeader title="FAQs" description="Answers to the questions customers ask most." />
    <FaqList ask={<FaqAsk />} />
  </>
);

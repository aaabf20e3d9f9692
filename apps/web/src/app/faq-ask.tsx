import { ReachSupport } from '../components/reach-support';
import { useSupportContact } from './use-support-contact';

/** The end of the FAQs' "No questions yet" line: where to ask, when the shop has a way in (issue #33 item 4). */
export const FaqAsk = () => {
  const support = useSupportContact();
  return support ? <ReachSupport contact={support} before=": if you have one, " after="." /> : <>.</>;
};

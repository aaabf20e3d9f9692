import { PRODUCT_PAGES } from '@proxydesk/contract';

/** What a paid invoice's product asks of the customer next (issue #19), by the invoice's product type. */
export interface NextStep {
  label: string;
  to: string;
  hint: string;
}

/** A product's page (the contract's `PRODUCT_PAGES`), or the generator for a type that names none. */
const pageOf = (proxyType: string): string =>
  (PRODUCT_PAGES as Record<string, string | undefined>)[proxyType] ?? '/proxy';

export const nextStepAfterPaying = (proxyType: string): NextStep => {
  if (proxyType === 'balance')
    return { label: 'Back to balance', to: '/balance', hint: 'The amount is on your balance.' };
  if (proxyType === 'PR_4' || proxyType === 'PR_5')
    return {
      label: 'Activate your plan',
      to: pageOf(proxyType),
      hint: 'Whitelist the IP you connect from to activate it.',
    };
  return {
    label: 'Get your proxies',
    to: pageOf(proxyType),
    hint: 'Your data is ready to use.',
  };
};

/** What a paid invoice's product asks of the customer next (issue #19), by the invoice's product type. */
export interface NextStep {
  label: string;
  to: string;
  hint: string;
}

const PRODUCT_PAGES: Record<string, string> = {
  PR_2: '/product/isp',
  PR_4: '/product/datacenter',
  PR_5: '/product/ipv6',
  PR_6: '/product/premium-residential',
};

export const nextStepAfterPaying = (proxyType: string): NextStep => {
  if (proxyType === 'balance')
    return { label: 'Back to balance', to: '/balance', hint: 'The amount is on your balance.' };
  if (proxyType === 'PR_4' || proxyType === 'PR_5')
    return {
      label: 'Activate your plan',
      to: PRODUCT_PAGES[proxyType]!,
      hint: 'Whitelist the IP you connect from to activate it.',
    };
  return {
    label: 'Get your proxies',
    to: PRODUCT_PAGES[proxyType] ?? '/proxy',
    hint: 'Your data is ready to use.',
  };
};

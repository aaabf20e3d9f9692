import {
  IconBuildingSkyscraper,
  IconCreditCard,
  IconFileInvoice,
  IconHelpCircle,
  IconHome,
  IconNetwork,
  IconServer,
  IconSettings,
  IconShoppingCart,
  IconWallet,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  resellerOnly?: boolean;
}

export interface NavGroup {
  label: string;
  icon: Icon;
  items: NavItem[];
}

/** The SPEC.md §2 menu, in its order. */
export const navigation: (NavItem | NavGroup)[] = [
  { label: 'Dashboard', to: '/', icon: IconHome },
  {
    label: 'Products',
    icon: IconServer,
    items: [
      { label: 'Datacenter', to: '/product/datacenter', icon: IconServer },
      { label: 'Premium Residential', to: '/product/premium-residential', icon: IconWorld },
      { label: 'ISP', to: '/product/isp', icon: IconBuildingSkyscraper },
      { label: 'IPv6', to: '/product/ipv6', icon: IconNetwork },
    ],
  },
  {
    label: 'Purchase',
    icon: IconShoppingCart,
    items: [
      { label: 'Datacenter', to: '/purchase/datacenter', icon: IconServer },
      { label: 'Premium Residential', to: '/purchase/premium-residential', icon: IconWorld },
      { label: 'ISP', to: '/purchase/isp', icon: IconBuildingSkyscraper },
      { label: 'IPv6', to: '/purchase/ipv6', icon: IconNetwork },
    ],
  },
  { label: 'Balance', to: '/balance', icon: IconWallet, resellerOnly: true },
  { label: 'Invoices', to: '/invoices', icon: IconFileInvoice },
  { label: 'FAQs', to: '/faqs', icon: IconHelpCircle },
  { label: 'Account Settings', to: '/settings', icon: IconSettings },
];

export const pricingItem: NavItem = { label: 'Pricing', to: '/pricing', icon: IconCreditCard };

import {
  IconBrandDiscord,
  IconBuildingSkyscraper,
  IconCurrencyEuro,
  IconFileInvoice,
  IconHelpCircle,
  IconHome,
  IconHomeSignal,
  IconNetwork,
  IconPackage,
  IconRoute,
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

/** The shop's Discord, its address from the social-media list (shown only when the shop has one). */
export interface DiscordLink {
  label: string;
  discord: true;
  icon: Icon;
}

export interface NavGroup {
  label: string;
  icon: Icon;
  items: NavItem[];
}

/** The products, in the menu's order (SPEC.md §2's four, then Residential, issue #19): each has a product page and a purchase page. */
const products: { label: string; slug: string; icon: Icon }[] = [
  { label: 'Datacenter', slug: 'datacenter', icon: IconServer },
  { label: 'Premium Residential', slug: 'premium-residential', icon: IconWorld },
  { label: 'ISP', slug: 'isp', icon: IconBuildingSkyscraper },
  { label: 'IPv6', slug: 'ipv6', icon: IconNetwork },
  { label: 'Residential', slug: 'residential', icon: IconHomeSignal },
];

const productLinks = (prefix: string): NavItem[] =>
  products.map(({ label, slug, icon }) => ({ label, to: `/${prefix}/${slug}`, icon }));

/** The SPEC.md §2 menu, in its order, with /proxy and /pricing (issue #19); Logout closes it at the foot of the menu. */
export const navigation: (NavItem | NavGroup | DiscordLink)[] = [
  { label: 'Dashboard', to: '/', icon: IconHome },
  {
    label: 'Products',
    icon: IconPackage,
    // The generator makes both normal (Residential) and ISP lines (issue #19).
    items: [...productLinks('product'), { label: 'Proxy generator', to: '/proxy', icon: IconRoute }],
  },
  { label: 'Purchase', icon: IconShoppingCart, items: productLinks('purchase') },
  { label: 'Pricing', to: '/pricing', icon: IconCurrencyEuro },
  { label: 'Balance', to: '/balance', icon: IconWallet, resellerOnly: true },
  { label: 'Invoices', to: '/invoices', icon: IconFileInvoice },
  { label: 'FAQs', to: '/faqs', icon: IconHelpCircle },
  { label: 'Discord', discord: true, icon: IconBrandDiscord },
  { label: 'Account Settings', to: '/settings', icon: IconSettings },
];

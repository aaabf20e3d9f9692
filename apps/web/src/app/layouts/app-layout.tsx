import { NavLink, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { Frame } from '../../components/frame';
import { isCurrent, MenuLink } from '../../components/menu-link';
import { PageSkeleton } from '../../components/page-skeleton';
import { ThemeToggle } from '../../components/theme-toggle';
import { AnnouncementBanner } from '../../features/content/announcement-banner';
import { useDiscordUrl } from '../../features/content/api/get-social-media';
import { useAccess } from '../../lib/access';
import { logout } from '../../lib/logout';
import { prefetchPage, prefetchScreensWhenIdle } from '../prefetch';
import { AccountButton } from './account-button';
import { navigation, type NavItem } from './navigation';

// Not needed for the first paint: each loads after the first screen (ADR 003, issue #18).
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(async () => ({ default: (await loadAccountMenu()).AccountMenu }));

/** Every page the menu links to, its chunk fetched once the browser is idle. */
const menuPaths = navigation
  .flatMap((entry) => ('items' in entry ? entry.items : 'to' in entry ? [entry] : []))
  .map((item) => item.to);

const isActive = (pathname: string, to: string) => isCurrent(pathname, to, '/');

const NavEntry = ({
  item,
  pathname,
  onNavigate,
}: {
  item: NavItem;
  pathname: string;
  onNavigate: () => void;
}) => (
  <MenuLink
    to={item.to}
    label={item.label}
    icon={item.icon}
    active={isActive(pathname, item.to)}
    onNavigate={onNavigate}
    onIntent={() => prefetchPage(item.to)}
  />
);

/** The logged-in frame: menu on the left (a burger under ~900 px), header with brand and account (DESIGN.md §7). */
export const AppLayout = () => {
  const { pathname } = useLocation();
  const { data: access } = useAccess();
  const discordUrl = useDiscordUrl();
  // The account menu's chunk is fetched when a pointer or the focus comes to its button, and the menu drawn, open,
  // on the first click: never with the first screen (issue #18).
  const [menuWanted, setMenuWanted] = useState(false);
  const accountButton = (
    <AccountButton
      onPointerEnter={() => void loadAccountMenu().catch(() => undefined)}
      onFocus={() => void loadAccountMenu().catch(() => undefined)}
      onClick={() => setMenuWanted(true)}
    />
  );
  useEffect(() => prefetchScreensWhenIdle(menuPaths), []);

  return (
    <Frame
      testId="app-shell"
      home="/"
      brand={<BrandMark />}
      actions={
        <>
          <ThemeToggle />
          {menuWanted ? (
            <Suspense fallback={accountButton}>
              <AccountMenu defaultOpened />
            </Suspense>
          ) : (
            accountButton
          )}
        </>
      }
      navLabel="Main navigation"
      navWidth={260}
      nav={(close) => (
        <Stack gap={2}>
          {navigation.map((entry) =>
            'items' in entry ? (
              <NavLink
                key={entry.label}
                label={entry.label}
                leftSection={<entry.icon size={18} stroke={1.6} aria-hidden />}
                defaultOpened={entry.items.some((i) => isActive(pathname, i.to))}
                childrenOffset={28}
              >
                {entry.items.map((item) => (
                  <NavEntry key={item.to} item={item} pathname={pathname} onNavigate={close} />
                ))}
              </NavLink>
            ) : 'discord' in entry ? (
              discordUrl ? (
                <NavLink
                  key={entry.label}
                  component="a"
                  href={discordUrl}
                  target="_blank"
                  rel="noreferrer"
                  label={entry.label}
                  leftSection={<entry.icon size={18} stroke={1.6} aria-hidden />}
                />
              ) : null
            ) : entry.resellerOnly && !access?.isReseller ? null : (
              <NavEntry key={entry.to} item={entry} pathname={pathname} onNavigate={close} />
            ),
          )}
        </Stack>
      )}
      navFoot={
        <NavLink
          component="button"
          label="Logout"
          leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
          onClick={() => void logout()}
          c="red"
        />
      }
    >
      <AnnouncementBanner />
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </Frame>
  );
};

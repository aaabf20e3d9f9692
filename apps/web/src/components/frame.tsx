import { Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './frame.module.css';
import { Toasts } from './lazy-toasts';

/**
 * The shop's and the console's frame (DESIGN.md §7): header with the burger (under ~900 px), the brand linking
 * home and the frame's actions; the menu, its foot kept in view; the toasts and the page. `nav` is given the
 * function that folds the burger's menu away, for its links to call.
 */
export const Frame = ({
  testId,
  home,
  brand,
  actions,
  navLabel,
  navWidth,
  nav,
  navFoot,
  children,
}: {
  testId: string;
  home: string;
  brand: ReactNode;
  actions: ReactNode;
  navLabel: string;
  navWidth: number;
  nav: (closeNav: () => void) => ReactNode;
  navFoot?: ReactNode;
  children: ReactNode;
}) => {
  const [navOpened, { toggle, close }] = useDisclosure();
  return (
    <div
      className={classes.root}
      style={{ '--frame-nav-width': `${navWidth}px` } as CSSProperties}
      data-testid={testId}
    >
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Link to={home} style={{ color: 'inherit', textDecoration: 'none' }}>
              {brand}
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        </Group>
      </header>
      <nav className={classes.nav} aria-label={navLabel} data-opened={navOpened || undefined}>
        <div className={classes.navScroll}>{nav(close)}</div>
        {navFoot}
      </nav>
      <main className={classes.main}>
        <Toasts />
        {children}
      </main>
    </div>
  );
};

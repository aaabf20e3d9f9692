import { NavLink } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Whether a menu entry is the page shown: its own path or one below it; the frame's home only itself. */
export const isCurrent = (pathname: string, to: string, home: string) =>
  to === home ? pathname === home : pathname === to || pathname.startsWith(`${to}/`);

/** One entry of a frame's menu (the shop's and the console's): an icon, a label, highlighted while current. */
export const MenuLink = ({
  to,
  label,
  icon: EntryIcon,
  active,
  onNavigate,
  onIntent,
}: {
  to: string;
  label: string;
  icon: Icon;
  active: boolean;
  onNavigate: () => void;
  /** A pointer or the focus came to it: the page's chunk may be fetched. */
  onIntent?: () => void;
}) => (
  <NavLink
    component={Link}
    to={to}
    label={label}
    leftSection={<EntryIcon size={18} stroke={1.6} aria-hidden />}
    active={active}
    onClick={onNavigate}
    onMouseEnter={onIntent}
    onFocus={onIntent}
    variant="light"
  />
);

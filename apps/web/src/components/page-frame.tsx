import { Anchor, Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark';
import classes from './page-frame.module.css';
import { ThemeToggle } from './theme-toggle';

/**
 * The frame of pages outside the dashboard: brand and theme toggle above, the page centred on a quiet
 * background. Outside the router (the maintenance page) the brand is not a link.
 */
export const PageFrame = ({ children, inRouter = true }: { children: ReactNode; inRouter?: boolean }) => (
  <Box className={classes.page}>
    <Group justify="space-between" p="md">
      {inRouter ? (
        <Anchor component={Link} to="/" underline="never" c="inherit">
          <BrandMark />
        </Anchor>
      ) : (
        <BrandMark />
      )}
      <ThemeToggle />
    </Group>
    <Box px="md" pb="xl" className={classes.main}>
      {children}
    </Box>
  </Box>
);

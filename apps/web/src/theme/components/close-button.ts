import { CloseButton } from '@mantine/core';

/** Every close button (modals, alerts) is named for screen readers unless its place names it better. */
const named: Record<'aria-label', string> = { 'aria-label': 'Close' };

export const CloseButtonExtension = CloseButton.extend({ defaultProps: named });

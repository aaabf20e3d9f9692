import { Card } from '@mantine/core';

export const CardExtension = Card.extend({ defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } });

import { Button } from '@mantine/core';

export const ButtonExtension = Button.extend({ defaultProps: { radius: 'md' } });

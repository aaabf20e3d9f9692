import { Code, UnstyledButton, Collapse, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';

/** A provider event's payload as it came, folded until asked for. */
export const EventPayload = ({ payload }: { payload: unknown }) => {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <>
      <UnstyledButton onClick={toggle} aria-expanded={opened}>
        <Text span size="xs" c="dimmed">
          <IconChevronRight
            size={12}
            aria-hidden
            style={{
              transform: opened ? 'rotate(90deg)' : undefined,
              transition: 'transform 150ms',
              verticalAlign: -1,
            }}
          />{' '}
          Payload
        </Text>
      </UnstyledButton>
      <Collapse expanded={opened}>
        <Code block mt={4} fz="xs" style={{ maxWidth: '100%', overflowX: 'auto' }}>
          {JSON.stringify(payload, null, 2)}
        </Code>
      </Collapse>
    </>
  );
};

import { ActionIcon } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';

const MOVES = [
  { by: -1, word: 'up', Icon: IconArrowUp },
  { by: 1, word: 'down', Icon: IconArrowDown },
] as const;

/**
 * An ordered list's Up and Down buttons for its item at `index` of `count` (each off at its end), named for a
 * screen reader as "Move {name} up"; `onMove` gets -1 or +1 (catalogue-api's `moved` does the rest).
 */
export const MoveButtons = ({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
}) =>
  MOVES.map(({ by, word, Icon }) => (
    <ActionIcon
      key={word}
      variant="subtle"
      color="gray"
      aria-label={`Move ${name} ${word}`}
      disabled={by < 0 ? index === 0 : index === count - 1}
      onClick={() => onMove(by)}
    >
      <Icon size={16} />
    </ActionIcon>
  ));

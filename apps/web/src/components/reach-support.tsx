import { Anchor, Button, Text, type ButtonProps } from '@mantine/core';
import { IconBrandDiscord, IconLifebuoy, IconMail } from '@tabler/icons-react';
import type { SupportContact } from '../lib/support';

const opensElsewhere = (contact: SupportContact) =>
  contact.via === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' };

/** The words of the link, fitting the middle of a sentence: "… or {contact support}." */
const linkWords = (contact: SupportContact) =>
  contact.via === 'page'
    ? 'contact support'
    : contact.via === 'discord'
      ? 'ask us on Discord'
      : `e-mail us at ${contact.address}`;

/**
 * "How to reach support" inside a sentence (issue #33 item 4): `before` + the link + `after`, or nothing at all
 * when the shop has no way in (the sentence around it is then written without it).
 */
export const ReachSupport = ({
  contact,
  before = '',
  after = '',
}: {
  contact: SupportContact | null;
  before?: string;
  after?: string;
}) =>
  contact ? (
    <span data-testid="reach-support">
      {before}
      <Anchor href={contact.href} inherit underline="always" {...opensElsewhere(contact)}>
        {linkWords(contact)}
      </Anchor>
      {after}
    </span>
  ) : null;

/** The same way in as a button: "Contact support", "Ask on Discord" or "E-mail support". */
export const ReachSupportButton = ({
  contact,
  ...props
}: { contact: SupportContact } & Omit<ButtonProps, 'children'>) => (
  <Button
    component="a"
    href={contact.href}
    leftSection={
      contact.via === 'discord' ? (
        <IconBrandDiscord size={16} />
      ) : contact.via === 'email' ? (
        <IconMail size={16} />
      ) : (
        <IconLifebuoy size={16} />
      )
    }
    {...opensElsewhere(contact)}
    {...props}
  >
    {contact.via === 'page'
      ? 'Contact support'
      : contact.via === 'discord'
        ? 'Ask on Discord'
        : 'E-mail support'}
  </Button>
);

/** Under a code field: what to do when the mailed code does not come, ending with the way to support. */
export const NoCodeHelp = ({ contact }: { contact: SupportContact | null }) => (
  <Text size="xs" c="dimmed" ta="center" data-testid="otp-help">
    No code after a minute? Check your spam folder, then send a new code
    {contact ? <ReachSupport contact={contact} before=", or " after="." /> : '.'}
  </Text>
);

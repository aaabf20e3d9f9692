import { describe, expect, it } from 'vitest';
import { needsDiscord, supportContact } from './support';

describe('how a customer reaches support (issue #33 item 4)', () => {
  const page = 'https://help.acme.example/contact';
  const discord = 'https://discord.gg/acme';
  const mail = 'mailto:billing%40acme.example';
  it('the support page first, then Discord, then the seller e-mail, else nothing', () => {
    expect(supportContact(page, discord)).toEqual({ via: 'page', href: page });
    expect(supportContact(mail, discord)).toEqual({ via: 'discord', href: discord });
    expect(supportContact(null, discord)).toEqual({ via: 'discord', href: discord });
    expect(supportContact(mail, undefined)).toEqual({
      via: 'email',
      href: mail,
      address: 'billing@acme.example',
    });
    expect(supportContact(null, undefined)).toBeNull();
  });
  it('asks for the social links only when no support page comes first', () => {
    expect(needsDiscord(page)).toBe(false);
    expect(needsDiscord(mail)).toBe(true);
    expect(needsDiscord(null)).toBe(true);
  });
});

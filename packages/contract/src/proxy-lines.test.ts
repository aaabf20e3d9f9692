import { describe, expect, it } from 'vitest';
import {
  GATEWAY_PORT,
  lifetimeMinutes,
  lineUsername,
  parseLineUsername,
  parsePassword,
  proxyLine,
  proxyLines,
  stickySession,
  type LineOptions,
} from './proxy-lines.js';

const credentials = { host: 'gw.example.com', username: 'u123', password: 'Secret9' };
/** A deterministic "random": always the same letter index. */
const fixed = (index: number) => () => index;

describe('proxy lines (SPEC.md §9, DESIGN.md §4)', () => {
  it('rotating, random country: host, port 31112, user, bare password', () => {
    expect(proxyLine(credentials, { country: 'random', type: 'rotating' })).toBe(
      `gw.example.com:${GATEWAY_PORT}:u123:Secret9`,
    );
  });

  it('rotating with a country, then city and ISP for premium', () => {
    expect(proxyLine(credentials, { country: 'de', type: 'rotating' })).toBe(
      'gw.example.com:31112:u123:Secret9_country-de',
    );
    expect(proxyLine(credentials, { country: 'us', type: 'rotating', city: 'newyork', isp: 'verizon' })).toBe(
      'gw.example.com:31112:u123:Secret9_country-us_city-newyork_isp-verizon',
    );
  });

  it('sticky lines end with a session of 8 lowercase letters', () => {
    const session = stickySession(fixed(2));
    expect(session).toBe('cccccccc');
    expect(proxyLine(credentials, { country: 'gb', type: 'sticky' }, session)).toBe(
      'gw.example.com:31112:u123:Secret9_country-gb_session-cccccccc',
    );
    expect(proxyLine(credentials, { country: 'random', type: 'sticky' }, session)).toBe(
      'gw.example.com:31112:u123:Secret9_session-cccccccc',
    );
    expect(() => proxyLine(credentials, { country: 'gb', type: 'sticky' })).toThrow();
  });

  it('gives each sticky line a session of its own, rotating lines none', () => {
    // A seeded generator (mulberry32), so the test is the same every run.
    let seed = 42;
    const counting = (max: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * max);
    };
    const sticky = proxyLines(credentials, { country: 'fr', type: 'sticky' }, 50, counting);
    expect(sticky).toHaveLength(50);
    expect(new Set(sticky).size).toBe(50);
    for (const line of sticky)
      expect(line).toMatch(/^gw\.example\.com:31112:u123:Secret9_country-fr_session-[a-z]{8}$/);
    expect(new Set(proxyLines(credentials, { country: 'fr', type: 'rotating' }, 3, counting)).size).toBe(1);
  });

  it('reads every combination back, and refuses malformed options instead of guessing', () => {
    const combos: LineOptions[] = [
      { country: 'random', type: 'rotating' },
      { country: 'random', type: 'sticky' },
      { country: 'us', type: 'rotating' },
      { country: 'us', type: 'sticky' },
      { country: 'us', type: 'rotating', city: 'newyork' },
      { country: 'us', type: 'sticky', city: 'newyork', isp: 'verizon' },
      { country: 'prvtus', type: 'sticky' },
    ];
    for (const options of combos) {
      const line = proxyLine(credentials, options, options.type === 'sticky' ? 'abcdefgh' : undefined);
      const password = line.split(':').slice(3).join(':');
      const parsed = parsePassword(password);
      expect(parsed?.secret).toBe('Secret9');
      expect(parsed?.options.country).toBe(options.country === 'random' ? undefined : options.country);
      expect(parsed?.options.session).toBe(options.type === 'sticky' ? 'abcdefgh' : undefined);
      expect(parsed?.options.city).toBe(options.city);
    }
    for (const bad of [
      'Secret9_country-',
      'Secret9_color-red',
      'Secret9_session-ABC',
      'Secret9_session-abc',
      'Secret9_city-x',
      'Secret9_country-us_country-de',
      '_country-us',
    ]) {
      expect(parsePassword(bad), bad).toBeNull();
    }
  });

  it('takes a sticky session lifetime from 1 minute to 24 hours, after the session (issue #31 item 5)', () => {
    expect(proxyLine(credentials, { country: 'us', type: 'sticky', lifetime: '30m' }, 'abcdefgh')).toBe(
      'gw.example.com:31112:u123:Secret9_country-us_session-abcdefgh_lifetime-30m',
    );
    // The default (10 minutes) keeps the line as it always was; rotating lines have no lifetime.
    expect(proxyLine(credentials, { country: 'us', type: 'sticky', lifetime: '10m' }, 'abcdefgh')).toBe(
      'gw.example.com:31112:u123:Secret9_country-us_session-abcdefgh',
    );
    expect(proxyLine(credentials, { country: 'us', type: 'rotating', lifetime: '2h' })).toBe(
      'gw.example.com:31112:u123:Secret9_country-us',
    );
    expect(() =>
      proxyLine(credentials, { country: 'us', type: 'sticky', lifetime: '25h' }, 'abcdefgh'),
    ).toThrow();
    expect(parsePassword('Secret9_session-abcdefgh_lifetime-2h')?.options).toEqual({
      session: 'abcdefgh',
      lifetime: '2h',
    });
    expect(
      [
        ['1m', 1],
        ['10m', 10],
        ['90m', 90],
        ['1h', 60],
        ['24h', 1440],
        ['1440m', 1440],
      ].map(([v]) => lifetimeMinutes(v as string)),
    ).toEqual([1, 10, 90, 60, 1440, 1440]);
    for (const bad of ['0m', '1441m', '25h', '0h', '30s', '30', 'm', '1d', '01m', '30M', '99999m'])
      expect(lifetimeMinutes(bad), bad).toBeNull();
    for (const bad of [
      'Secret9_lifetime-30m',
      'Secret9_session-abcdefgh_lifetime-0m',
      'Secret9_session-abcdefgh_lifetime-25h',
      'Secret9_session-abcdefgh_lifetime-30s',
      'Secret9_session-abcdefgh_lifetime-30m_lifetime-1h',
    ])
      expect(parsePassword(bad), bad).toBeNull();
  });

  it('names the product in the username, and reads it back', () => {
    expect(lineUsername('u123abc', 'PR_2')).toBe('u123abc-isp');
    expect(lineUsername('u123abc', 'PR_3')).toBe('u123abc-residential');
    expect(lineUsername('u123abc', 'PR_6')).toBe('u123abc-premium');
    expect(parseLineUsername('u123abc-premium')).toEqual({ proxyUsername: 'u123abc', product: 'PR_6' });
    expect(parseLineUsername('u1-2-normal')).toEqual({ proxyUsername: 'u1-2', product: 'PR_1' });
    for (const bad of ['u123abc', 'u123abc-', '-isp', 'u123abc-datacenter', 'u123abc-ISP', ''])
      expect(parseLineUsername(bad)).toBeNull();
  });
});

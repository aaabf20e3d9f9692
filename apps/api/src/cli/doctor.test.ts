import { describe, expect, it } from 'vitest';
import { doctor } from './doctor.js';
import { loadConfig } from '../config.js';

describe('npm run admin -- doctor (issue #29 item 3)', () => {
  it('prints every item, fine or missing, and fails while anything is missing', () => {
    const report = doctor(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example.com:587' }));
    expect(report.ok).toBe(false);
    expect(report.text.split('\n')).toEqual([
      'Before taking customers (NODE_ENV=development; a production start refuses what is missing):',
      expect.stringMatching(/^ {2}MISSING PUBLIC_URL: not set: links in e-mails .* http:\/\/localhost:3000;/),
      '  ok      SMTP_URL: mail through mail.example.com:587',
      expect.stringMatching(/^ {2}MISSING Payment provider: no provider has keys/),
      expect.stringMatching(/^ {2}MISSING POW_SECRET: not set/),
      '3 to set (README, "Configuration").',
    ]);
  });

  it('is fine once everything is set', () => {
    const report = doctor(
      loadConfig({
        PUBLIC_URL: 'https://shop.example.com',
        SMTP_URL: 'smtp://mail.example.com:587',
        COINGATE_API_TOKEN: 'token',
        POW_SECRET: 'a-long-random-pow-secret',
      }),
    );
    expect(report.ok).toBe(true);
    expect(report.text).toMatch(/All set\.$/);
  });
});

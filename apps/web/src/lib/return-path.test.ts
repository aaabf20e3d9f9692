import { describe, expect, it } from 'vitest';
import { safeReturnPath, withNext } from './return-path';

describe('safeReturnPath: where `?next=` may send a visitor after signing in (issue #33)', () => {
  it('keeps an address of this app, with its query and hash', () => {
    expect(safeReturnPath('/pricing?product=isp&plan=7')).toBe('/pricing?product=isp&plan=7');
    expect(safeReturnPath('/invoice/abc#pay')).toBe('/invoice/abc#pay');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses another site, however it is written', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/pricing',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /pricing',
      '/\tpricing',
      '/\n/evil.example',
      'pricing',
      '',
      null,
      undefined,
    ])
      expect(safeReturnPath(next), JSON.stringify(next)).toBeNull();
  });

  it('carries a path through a page address, encoded', () => {
    const to = withNext('/signup', '/pricing?product=isp&plan=7');
    expect(to).toBe('/signup?next=%2Fpricing%3Fproduct%3Disp%26plan%3D7');
    expect(safeReturnPath(new URLSearchParams(to.split('?')[1]).get('next'))).toBe(
      '/pricing?product=isp&plan=7',
    );
  });
});

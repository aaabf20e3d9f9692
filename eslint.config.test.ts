import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Only the layer rules: the type-aware ones need a program, and these texts are in no file.
const eslint = new ESLint({
  cwd: import.meta.dirname,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** What the config says of `code` as the file `path` (under apps/web/src). */
const lint = async (path: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `apps/web/src/${path}` });
  return result!.messages.map((message) => message.message);
};
const REFUSED = expect.stringContaining('A feature imports neither src/app nor another feature');

describe('eslint.config.js: a feature imports neither src/app nor another feature (DESIGN.md §5 item 1)', () => {
  it('refuses the four edges issue #34 left, with no exception left for them', async () => {
    expect(
      await lint('features/proxies/plan-lifecycle.tsx', "import { X } from '../billing/checkout-modal';"),
    ).toEqual([REFUSED]);
    expect(
      await lint('features/purchase/buy-more-gb.tsx', "import type { X } from '../billing/checkout-modal';"),
    ).toEqual([REFUSED]);
    expect(
      await lint('features/dashboard/plan-list.tsx', "const x = import('../proxies/plan-lifecycle');"),
    ).toEqual([REFUSED]);
    expect(
      await lint('features/dashboard/plan-list.tsx', "const x = import('../purchase/buy-more-gb');"),
    ).toEqual([REFUSED]);
  });

  it('refuses src/app and another feature from deeper folders too', async () => {
    expect(await lint('features/proxies/api/proxies.ts', "import { X } from '../../../app/router';")).toEqual(
      [REFUSED],
    );
    expect(
      await lint('features/billing/api/billing.ts', "import { X } from '../../auth/social-sign-in';"),
    ).toEqual([REFUSED]);
  });

  it("lets a feature's own files, src/lib and src/components through", async () => {
    const code = [
      "import { A } from './api/proxies';",
      "import { B } from '../proxies/usage-rows';",
      "import type { C } from '../../lib/order';",
      "import { D } from '../../components/page-header';",
    ].join('\n');
    expect(await lint('features/proxies/plan-lifecycle.tsx', code)).toEqual([]);
  });

  it('lets src/app compose features', async () => {
    expect(
      await lint('app/renew-with-checkout.tsx', "import { X } from '../features/billing/checkout-modal';"),
    ).toEqual([]);
  });
});

/**
 * docs/deploy.md shows the Content-Security-Policy the app is built and served with, word for word (it is what a
 * lecturer pastes into a server's configuration).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../scripts/contentSecurityPolicy';

describe('docs/deploy.md', () => {
  it('shows the policy of scripts/contentSecurityPolicy.ts exactly', () => {
    const text = readFileSync(resolve(__dirname, '../../docs/deploy.md'), 'utf8');
    expect(text).toContain(`\n${CONTENT_SECURITY_POLICY}\n`);
    for (const host of ['nginx', '.htaccess', '_headers', 'GitHub Pages']) expect(text).toContain(host);
  });
});

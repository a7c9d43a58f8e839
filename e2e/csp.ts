/**
 * Watching a page for violations of the Content-Security-Policy it is served under (e2e/server.ts), through all
 * three ways a violation shows: the page's `securitypolicyviolation` events (every document the page opens),
 * console messages of the page and its workers, and the reports the browser posts to the server for the page, its
 * workers and its service worker (which no page script can see).
 */
import type { Page } from '@playwright/test';
import { CSP_REPORT_PATH } from './server';

/** A console message that is a policy violation (Chromium: "Refused to … because it violates … Content Security Policy …"). */
const CSP_CONSOLE = /Content Security Policy|Content-Security-Policy|Refused to (load|execute|apply|compile|evaluate|connect|create|frame)/i;

export interface CspWatch {
  /** Violations seen by each channel so far (reports: after waiting for the browser to post them). */
  seen(): Promise<{ readonly events: string[]; readonly console: string[]; readonly reports: string[] }>;
}

/** The reports posted to the server so far, one line each: directive, blocked URI, source. */
async function serverReports(page: Page, appUrl: string): Promise<string[]> {
  const reports = (await (await page.request.get(`${appUrl.replace(/\/$/, '')}${CSP_REPORT_PATH}`)).json()) as { 'csp-report'?: Record<string, unknown> }[];
  return reports.map((r) => {
    const c = r['csp-report'] ?? {};
    return `${String(c['violated-directive'] ?? c['effective-directive'])} blocked ${String(c['blocked-uri'])} in ${String(c['document-uri'])} (${String(c['source-file'] ?? '')}:${String(c['line-number'] ?? '')})`;
  });
}

/** Starts watching `page` (before its first navigation): clears the server's reports and listens on every channel. */
export async function watchCsp(page: Page, appUrl: string): Promise<CspWatch> {
  await page.request.delete(`${appUrl.replace(/\/$/, '')}${CSP_REPORT_PATH}`);
  const events: string[] = [];
  const consoleLines: string[] = [];
  await page.exposeFunction('__cspViolation', (line: string) => void events.push(line));
  await page.addInitScript(() => {
    addEventListener('securitypolicyviolation', (e: SecurityPolicyViolationEvent) => {
      (window as unknown as { __cspViolation(line: string): void }).__cspViolation(`${e.violatedDirective} blocked ${e.blockedURI} in ${e.documentURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (CSP_CONSOLE.test(message.text())) consoleLines.push(`${message.worker() ? `worker ${message.worker()!.url()}` : 'page'}: ${message.text()}`);
  });
  return {
    async seen() {
      // Chromium posts a report shortly after the violation: give it time to arrive.
      await page.waitForTimeout(1500);
      return { events: [...events], console: [...consoleLines], reports: await serverReports(page, appUrl) };
    },
  };
}

/**
 * Serves the production build (dist/) with `vite preview` on a free localhost port, under the app's
 * Content-Security-Policy (vite.config.ts sends it as a header). For the tests the policy also names a report
 * address: the browser posts every violation there — of the page, its workers and its service worker, which no
 * page script can see — and e2e/csp.ts reads and clears them (GET and DELETE on the same address).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { preview, type Plugin, type PreviewServer } from 'vite';
import { CONTENT_SECURITY_POLICY } from '../scripts/contentSecurityPolicy';

/** Where the browser posts violations of the served policy (report-uri). */
export const CSP_REPORT_PATH = '/__csp-reports';

/** Keeps the violation reports posted to CSP_REPORT_PATH; GET lists them (JSON), DELETE clears them. */
function cspReports(): Plugin {
  const reports: unknown[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'GET') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reports));
    if (request.method === 'DELETE') {
      reports.length = 0;
      return void response.writeHead(204).end();
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      try {
        reports.push(JSON.parse(body));
      } catch {
        reports.push({ unreadable: body.slice(0, 500) });
      }
      response.writeHead(204).end();
    });
  };
  return {
    name: 'csp-reports',
    configurePreviewServer: (server) => void server.middlewares.use(CSP_REPORT_PATH, handle),
  };
}

export async function startPreview(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: PreviewServer = await preview({
    logLevel: 'warn',
    plugins: [cspReports()],
    preview: {
      host: '127.0.0.1', port: 0, strictPort: false, open: false,
      headers: { 'Content-Security-Policy': `${CONTENT_SECURITY_POLICY}; report-uri ${CSP_REPORT_PATH}` },
    },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview did not report a TCP port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

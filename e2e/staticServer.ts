/**
 * A plain static file server for dist/, as a university web server would be: files under a
 * chosen sub-path (e.g. /~lecturer/hht/), nothing else. It can be stopped mid-test, which is
 * a real network failure for the page (not an emulated one).
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

export interface StaticSite {
  /** The app's address, ending in '/'. */
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `root` at http://127.0.0.1:<free port><prefix> (prefix starts and ends with '/'). */
export async function serveStatic(root: string, prefix: string): Promise<StaticSite> {
  const server: Server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) return void response.writeHead(404).end();
    const relative = normalize(path.slice(prefix.length) || 'index.html').replace(/^(\.\.[/\\])+/, '');
    const file = join(root, relative.endsWith('/') || relative === '.' ? join(relative, 'index.html') : relative);
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('static server has no TCP port');
  return {
    url: `http://127.0.0.1:${address.port}${prefix}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

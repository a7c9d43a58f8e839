/**
 * A plain static file server for dist/, as a university web server would be: files under a
 * chosen sub-path (e.g. /~lecturer/hht/), nothing else. It can be stopped mid-test, which is
 * a real network failure for the page (not an emulated one). With `compress`, it gzips what it
 * sends (level 9, as `npm run size` counts) to a browser that accepts it, as most hosts do, and
 * logs every response (when it was asked for, the bytes sent) for e2e/measureNetwork.spec.ts.
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

/** One response of a compressing server. */
export interface ServedResponse {
  /** Date.now() when the request arrived. */
  readonly at: number;
  readonly path: string;
  /** Bytes sent: the body (compressed where it was) and the status line and headers. */
  readonly bytes: number;
}

export interface StaticSite {
  /** The app's address, ending in '/'. */
  readonly url: string;
  /** Every response so far (with `compress` only; empty otherwise). */
  readonly log: ServedResponse[];
  close(): Promise<void>;
}

/** Serves `root` at http://127.0.0.1:<free port><prefix> (prefix starts and ends with '/'). */
export async function serveStatic(root: string, prefix: string, options: { readonly compress?: boolean } = {}): Promise<StaticSite> {
  const log: ServedResponse[] = [];
  const zipped = new Map<string, Buffer>();
  const server: Server = createServer(async (request, response) => {
    const at = Date.now();
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) return void response.writeHead(404).end();
    const relative = normalize(path.slice(prefix.length) || 'index.html').replace(/^(\.\.[/\\])+/, '');
    const file = join(root, relative.endsWith('/') || relative === '.' ? join(relative, 'index.html') : relative);
    try {
      let body: Buffer = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-cache' };
      if (options.compress) {
        // A validator, as hosts send: a second request for a file (the second solver worker's) is answered 304.
        const { size, mtimeMs } = await stat(file);
        headers.etag = `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
        if (request.headers['if-none-match'] === headers.etag) {
          response.writeHead(304, headers).end();
          log.push({ at, path, bytes: 17 + Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0) });
          return;
        }
      }
      if (options.compress && type !== 'image/png' && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        const gz = zipped.get(file) ?? gzipSync(body, { level: 9 });
        zipped.set(file, gz);
        body = gz;
        Object.assign(headers, { 'content-encoding': 'gzip', vary: 'accept-encoding', 'content-length': String(body.length) });
      }
      response.writeHead(200, headers);
      response.end(body);
      if (options.compress) log.push({ at, path, bytes: body.length + 17 + Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0) });
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('static server has no TCP port');
  return {
    url: `http://127.0.0.1:${address.port}${prefix}`,
    log,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/**
 * Serves the production build (dist/) with `vite preview` on a free localhost port.
 */
import { preview, type PreviewServer } from 'vite';

export async function startPreview(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: PreviewServer = await preview({
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview did not report a TCP port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

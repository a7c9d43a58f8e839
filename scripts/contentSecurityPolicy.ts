/**
 * The Content-Security-Policy the built app runs under (docs/deploy.md shows it for common hosts). Sent as a
 * response header by `vite preview` (vite.config.ts, so every end-to-end test runs under it) and by a host
 * configured as docs/deploy.md says; written into the built index.html as a `<meta http-equiv>` as well, for hosts
 * that send no headers: a `<meta>` policy binds the page only, never its workers, which get the policy of their
 * own response (the header). `npm start` (vite dev) sends none: its hot reload needs inline scripts and a socket.
 *
 * What the app needs, directive by directive:
 * - script-src 'self' 'wasm-unsafe-eval': its own modules; the solver workers compile WebAssembly (the kernels,
 *   and the LU programs written at run time: src/solver/kernels/wasmWriter.ts), which 'wasm-unsafe-eval' allows
 *   without allowing eval of JavaScript.
 * - worker-src 'self': the solver and study workers and the service worker are files of the app (no blob:).
 * - style-src 'self': the stylesheet is a file, and no style attribute is written as text: React, uPlot, Recharts
 *   and three.js set inline styles through the CSSOM (element.style), which a policy does not govern, so React's
 *   `style` props need no 'unsafe-inline'.
 * - style-src-elem 'self' 'unsafe-inline': the model editor (CodeMirror) writes its theme into a `<style>` element
 *   whose text changes as the editor's parts mount, so no hash can name it, and a static site has no per-response
 *   nonce. Style attributes stay refused (style-src). A browser that knows only CSP 2 ignores this directive and
 *   keeps style-src: the editor then works unstyled.
 * - img-src 'self' data: blob:: the icons, and the exports drawn from an SVG into a canvas.
 * - connect-src 'self' https: http://localhost:* http://127.0.0.1:*: a model link may name a file on any https
 *   host, and over http on this machine (docs/links.md, checkModelUrl in src/scenario/modelLink.ts).
 * - object-src 'none', base-uri 'none', form-action 'none': nothing of the kind is used.
 * No frame-ancestors: the app is meant to be embedded in course pages (embed=on).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "style-src-elem 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

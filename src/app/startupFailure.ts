/**
 * What the page shows when the app itself cannot start (its code does not load, or throws while it loads): a line
 * that says so and a Reload button, in place of a white page. It runs before the app's code, so it uses nothing of
 * it: plain DOM and the page's stylesheet.
 */

/** The message of anything thrown, in one line. */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** Writes the startup failure into `root` (the page's #root), replacing whatever is there. */
export function showStartupFailure(root: HTMLElement | null, error: unknown): void {
  if (!root) return;
  const box = document.createElement('div');
  box.className = 'notice startup-failure';
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'startup-failure';
  const text = document.createElement('p');
  const strong = document.createElement('strong');
  strong.textContent = 'HHT Playground could not start.';
  text.append(strong, ` ${messageOf(error)}. Reload the page; if this happens again, the browser may be too old, or a download was cut off.`);
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => window.location.reload());
  box.append(text, reload);
  root.replaceChildren(box);
}

/** Saves a Blob as a file through a temporary link (browser only). */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL may go once the event loop moved on.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text (CSV, SVG) as a file. */
export function downloadText(text: string, filename: string, type: string): void {
  downloadBlob(new Blob([text], { type }), filename);
}

/**
 * Hands a Blob to the browser as a file download: a file fetched with the member's token (a plain
 * link would carry none) or a document made in the page. The object URL is revoked a moment later
 * (the click starts the download synchronously; the delay only spares slow browsers).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A download's name with the day in it, as the API names its own files: `usuarios-2026-11-22.csv`. */
export function datedFileName(base: string, extension: string, now = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.${extension}`;
}

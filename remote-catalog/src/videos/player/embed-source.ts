/** A YouTube or Vimeo address turned into its privacy-friendly embed (no tracking cookies). */
export interface EmbedSource {
  kind: 'youtube' | 'vimeo';
  id: string;
  origin: string;
  src: string;
}

const YOUTUBE = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([\w-]{6,})/;
const VIMEO = /vimeo\.com\/(?:video\/)?(\d+)/;

export function embedSource(kind: 'youtube' | 'vimeo', url: string, startSeconds: number, pageOrigin: string): EmbedSource | null {
  const start = Math.max(0, Math.floor(startSeconds));
  if (kind === 'youtube') {
    const id = YOUTUBE.exec(url)?.[1];
    if (!id) return null;
    const params = new URLSearchParams({ enablejsapi: '1', rel: '0', origin: pageOrigin });
    if (start) params.set('start', String(start));
    return { kind, id, origin: 'https://www.youtube-nocookie.com', src: `https://www.youtube-nocookie.com/embed/${id}?${params}` };
  }
  const id = VIMEO.exec(url)?.[1];
  if (!id) return null;
  return { kind, id, origin: 'https://player.vimeo.com', src: `https://player.vimeo.com/video/${id}?dnt=1${start ? `#t=${start}s` : ''}` };
}

/** "1:05" / "01:05" → 65, "1:02:05" → 3725; null when it is neither mm:ss nor hh:mm:ss. */
export function parseClock(text: string): number | null {
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  if (hours !== undefined && Number(minutes) > 59) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** 65 → "01:05", 3725 → "1:02:05". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.floor(totalSeconds % 60);
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const hours = Math.floor(totalSeconds / 3600);
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{5,12}$/;

/**
 * A YouTube or Vimeo link as the API stores it, or null: youtube.com/watch?v=…, youtu.be/…,
 * vimeo.com/{id} (with or without www., http or https), parsed with URL.
 */
export function videoLink(text: string): { kind: 'youtube' | 'vimeo'; url: string } | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  if (host === 'youtube.com' && url.pathname === '/watch') {
    const id = url.searchParams.get('v') ?? '';
    return YOUTUBE_ID.test(id) ? { kind: 'youtube', url: `https://www.youtube.com/watch?v=${id}` } : null;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return YOUTUBE_ID.test(id) ? { kind: 'youtube', url: `https://youtu.be/${id}` } : null;
  }
  if (host === 'vimeo.com') {
    const id = url.pathname.slice(1).replace(/\/$/, '');
    return VIMEO_ID.test(id) ? { kind: 'vimeo', url: `https://vimeo.com/${id}` } : null;
  }
  return null;
}

/** How long a chosen video file plays, read by the browser from its metadata (`loadedmetadata`); null if it cannot tell. */
export function readVideoDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (seconds: number | null) => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(seconds);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.addEventListener('loadedmetadata', () => done(Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null), { once: true });
    video.addEventListener('error', () => done(null), { once: true });
    video.src = url;
  });
}

import { embedSource } from '../embed-source';

describe('privacy-friendly embeds', () => {
  it('When a YouTube address is given in any of its forms, then the embed is youtube-nocookie with its JS API, our origin and the start second', () => {
    for (const url of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/watch?list=x&v=dQw4w9WgXcQ']) {
      const embed = embedSource('youtube', url, 42.7, 'https://clube.example');
      expect(embed?.origin).toBe('https://www.youtube-nocookie.com');
      expect(embed?.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1&rel=0&origin=https%3A%2F%2Fclube.example&start=42');
    }
  });

  it('When a Vimeo address is given, then the embed asks Vimeo not to track (dnt=1) and opens at the second', () => {
    expect(embedSource('vimeo', 'https://vimeo.com/76979871', 0, 'https://clube.example')?.src).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(embedSource('vimeo', 'https://player.vimeo.com/video/76979871', 90, 'https://clube.example')?.src).toBe('https://player.vimeo.com/video/76979871?dnt=1#t=90s');
  });

  it('When the address is not a video of that service, then there is no embed', () => {
    expect(embedSource('youtube', 'https://example.com/watch?v=abc', 0, 'https://clube.example')).toBeNull();
    expect(embedSource('vimeo', 'https://vimeo.com/channels/staffpicks', 0, 'https://clube.example')).toBeNull();
  });
});

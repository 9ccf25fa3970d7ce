import { formatClock, parseClock, videoLink } from '../video-source';

describe('video links and clock times', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', { kind: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
    ['http://youtube.com/watch?v=dQw4w9WgXcQ&t=10', { kind: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
    ['https://youtu.be/dQw4w9WgXcQ', { kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' }],
    ['https://vimeo.com/76979871', { kind: 'vimeo', url: 'https://vimeo.com/76979871' }],
  ])('When the link is %s, then it is accepted as the API stores it', (text, expected) => {
    expect(videoLink(text)).toEqual(expected);
  });

  it.each(['youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/channel/abc', 'https://vimeo.com/canal/abc', 'https://example.com/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)', 'https://youtu.be/'])(
    'When the link is %s, then it is refused',
    (text) => {
      expect(videoLink(text)).toBeNull();
    },
  );

  it('When times are typed as mm:ss or hh:mm:ss, then they become seconds and back', () => {
    expect(parseClock('04:30')).toBe(270);
    expect(parseClock('1:02:05')).toBe(3725);
    expect(parseClock('90:00')).toBe(5400);
    expect(parseClock('1:75:00')).toBeNull();
    expect(parseClock('4.30')).toBeNull();
    expect(formatClock(8)).toBe('00:08');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});

import { segmentAt } from '../hls-warmup';

// A ladder rung as the transcoding job writes it: a 1 s first segment, then 4 s ones.
const PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXTINF:1.000000,',
  'seg-00000.ts',
  '#EXTINF:4.000000,',
  'seg-00001.ts',
  '#EXTINF:4.000000,',
  'seg-00002.ts',
  '#EXTINF:1.000000,',
  'seg-00003.ts',
  '#EXT-X-ENDLIST',
];

describe('The warm-up fetches the segment where playback starts', () => {
  it.each([
    [0, 'seg-00000.ts'],
    [0.99, 'seg-00000.ts'],
    [1, 'seg-00001.ts'],
    [4.9, 'seg-00001.ts'],
    [5, 'seg-00002.ts'],
    [9.5, 'seg-00003.ts'],
    [120, 'seg-00003.ts'],
  ])('When playback starts at %s s, then it is %s', (startAt, segment) => {
    expect(segmentAt(PLAYLIST, startAt)).toBe(segment);
  });

  it('When the playlist lists no segment, then there is nothing to warm up', () => {
    expect(segmentAt(['#EXTM3U', '#EXT-X-ENDLIST'], 0)).toBeUndefined();
  });
});

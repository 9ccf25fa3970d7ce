import { conversionFailed, ladderFor, playlistEntries, posterSecond, progressPercent } from '../../src/modules/media/rules/ladder';

describe('HLS ladder rules', () => {
  test('When the source is 1080p or more, then it gets a 1080p rung; below, 240p, 360p and 720p only', () => {
    expect(ladderFor(2160).map((step) => step.name)).toEqual(['240p', '360p', '720p', '1080p']);
    expect(ladderFor(1080).map((step) => step.name)).toEqual(['240p', '360p', '720p', '1080p']);
    expect(ladderFor(720).map((step) => step.name)).toEqual(['240p', '360p', '720p']);
    expect(ladderFor(240).map((step) => step.name)).toEqual(['240p', '360p', '720p']);
  });

  test("When a rendition's playlist has an init segment, then it is listed with the segments (a deleted ladder leaves none behind)", () => {
    const playlist = ['#EXTM3U', '#EXT-X-MAP:URI="init_0.mp4"', '#EXTINF:1.000000,', 'seg-00000.m4s', '#EXTINF:4.000000,', 'seg-00001.m4s', '#EXT-X-ENDLIST'].join('\n');
    expect(playlistEntries(playlist)).toEqual(['init_0.mp4', 'seg-00000.m4s', 'seg-00001.m4s']);
  });

  test('When ffmpeg reports how far it is, then the percent is whole and stays under 100 until the job stores everything', () => {
    expect(progressPercent(0, 60)).toBe(0);
    expect(progressPercent(30, 60)).toBe(50);
    expect(progressPercent(60, 60)).toBe(99);
    expect(progressPercent(10, 0)).toBe(0);
  });

  test('When a clip is shorter than 2 s, then the poster is its middle frame', () => {
    expect(posterSecond(120)).toBe(1);
    expect(posterSecond(1)).toBe(0.5);
  });

  test("When ffmpeg fails, then the reason is ours in Portuguese with ffmpeg's words after it, bounded", () => {
    expect(conversionFailed('moov atom\n not found')).toBe('A conversão do vídeo falhou (moov atom not found).');
    expect(conversionFailed('x'.repeat(2000)).length).toBe(500);
  });
});

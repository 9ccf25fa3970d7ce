import { renderRoute } from '@clube/dev-harness/test';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { FilePlayer, type PlayerHandle } from '../players';

/**
 * jsdom has no Media Source, so hls.js cannot play here: a stand-in with hls.js's surface (events,
 * loadSource, attachMedia, nextLevel, destroy) checks how the player drives it. The real hls.js
 * fetching a real ladder is for the browser suite.
 */
const stand = { supported: true, instances: [] as FakeHls[] };
type Listener = (event: string, data: unknown) => void;
class FakeHls {
  static Events = { MANIFEST_PARSED: 'hlsManifestParsed', ERROR: 'hlsError' };
  static isSupported = () => stand.supported;
  listeners = new Map<string, Listener>();
  source: string | null = null;
  media: HTMLMediaElement | null = null;
  nextLevel = -1;
  destroyed = false;
  constructor(readonly config: Record<string, unknown>) {
    stand.instances.push(this);
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener);
  }
  loadSource(url: string) {
    this.source = url;
  }
  attachMedia(media: HTMLMediaElement) {
    this.media = media;
  }
  destroy() {
    this.destroyed = true;
  }
  emit(event: string, data: unknown) {
    act(() => this.listeners.get(event)?.(event, data));
  }
}
jest.mock('hls.js/light', () => ({ __esModule: true, default: FakeHls, FetchLoader: class {} }));

const MP4 = 'http://127.0.0.1:9/v1/files/videos/a.mp4?expires=1&signature=x';
const HLS = 'http://127.0.0.1:9/v1/files/hls/a/1-xyz/master.m3u8';

const POSTER = 'http://127.0.0.1:9/v1/files/hls/a/1-xyz/poster.jpg';

function renderPlayer(hlsUrl?: string, startAt = 0) {
  renderRoute(
    <FilePlayer
      videoId="v1"
      title="Coleta"
      url={MP4}
      {...(hlsUrl ? { hlsUrl, posterUrl: POSTER } : {})}
      durationSeconds={60}
      startAt={startAt}
      autoPlay={false}
      reportProgress={false}
      onTime={() => undefined}
      handle={createRef<PlayerHandle>()}
    />,
    '/',
  );
  return screen.getByLabelText('Vídeo: Coleta');
}

afterEach(() => {
  stand.supported = true;
  stand.instances.length = 0;
});

describe('File player with an HLS ladder', () => {
  it('When there is no ladder, then the MP4 plays, with no poster and no quality menu', () => {
    const element = renderPlayer();
    expect(element).toHaveAttribute('src', MP4);
    expect(element).not.toHaveAttribute('poster');
    expect(screen.queryByLabelText('Qualidade')).not.toBeInTheDocument();
  });

  it('When the browser has no Media Source, then the MP4 plays', async () => {
    stand.supported = false;
    const element = renderPlayer(HLS);
    await waitFor(() => expect(element).toHaveAttribute('src', MP4));
    expect(stand.instances).toHaveLength(0);
  });

  it('When hls.js cannot run but the browser plays HLS itself (older iOS), then the ladder is its source', async () => {
    stand.supported = false;
    const canPlay = jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    try {
      const element = renderPlayer(HLS);
      await waitFor(() => expect(element).toHaveAttribute('src', HLS));
      expect(screen.queryByLabelText('Qualidade')).not.toBeInTheDocument();
    } finally {
      canPlay.mockRestore();
    }
  });

  it('When hls.js plays the ladder, then it starts at the lowest rendition and the menu offers "Automática", 360p and 720p', async () => {
    const element = renderPlayer(HLS);
    await waitFor(() => expect(stand.instances).toHaveLength(1));
    const hls = stand.instances[0]!;
    expect(hls.config).toMatchObject({ startLevel: 0 });
    expect(hls.source).toBe(HLS);
    expect(hls.media).toBe(element);
    expect(element).not.toHaveAttribute('src');
    // The ladder's frame shows until the first one is decoded.
    expect(element).toHaveAttribute('poster', POSTER);

    hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: [{ height: 360 }, { height: 720 }] });
    const menu = await screen.findByLabelText('Qualidade');
    expect([...(menu as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Automática', '360p', '720p']);
    await userEvent.selectOptions(menu, '720p');
    expect(hls.nextLevel).toBe(1);
    await userEvent.selectOptions(menu, 'Automática');
    expect(hls.nextLevel).toBe(-1);
  });

  it('When the member resumes a video, then hls.js starts loading where they stopped, not at the opening', async () => {
    renderPlayer(HLS, 42.5);
    await waitFor(() => expect(stand.instances).toHaveLength(1));
    expect(stand.instances[0]!.config).toMatchObject({ startLevel: 0, startPosition: 42.5 });
  });

  it('When hls.js fails for good, then the MP4 takes over and the menu goes away', async () => {
    const element = renderPlayer(HLS);
    await waitFor(() => expect(stand.instances).toHaveLength(1));
    const hls = stand.instances[0]!;
    hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: [{ height: 360 }, { height: 720 }] });
    await screen.findByLabelText('Qualidade');
    hls.emit(FakeHls.Events.ERROR, { fatal: false });
    expect(element).not.toHaveAttribute('src');
    hls.emit(FakeHls.Events.ERROR, { fatal: true });
    await waitFor(() => expect(element).toHaveAttribute('src', MP4));
    expect(hls.destroyed).toBe(true);
    expect(screen.queryByLabelText('Qualidade')).not.toBeInTheDocument();
  });
});

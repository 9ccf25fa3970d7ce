import { CatalogueListPage } from '../shared/catalogue-list-page';
import { VideoCard } from '../shared/cards';

/** `/videos`: the video grid, filtered by category and text, paginated (all in the URL). */
export function VideosPage() {
  return <CatalogueListPage kind="videos" renderCard={(video, eager) => <VideoCard video={video} eager={eager} />} />;
}

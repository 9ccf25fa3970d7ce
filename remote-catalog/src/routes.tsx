import { NotFoundPage } from '@clube/platform';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from './home/home-page';
import { PlansPage } from './plans/plans-page';
import { VideosPage } from './videos/videos-page';

/** The catalog remote's routes, mounted by the shell for `/`, `/videos` and `/planos`. */
export default function CatalogRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/videos" element={<VideosPage />} />
      <Route path="/planos" element={<PlansPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

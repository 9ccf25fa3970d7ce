import { NotFoundPage } from '@clube/platform';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Each page is its own chunk: the remote entry plus the first route stays small (`npm run size`).
const HomePage = lazy(() => import('./home/home-page').then((module) => ({ default: module.HomePage })));
const VideosPage = lazy(() => import('./videos/videos-page').then((module) => ({ default: module.VideosPage })));
const VideoPage = lazy(() => import('./videos/video-page').then((module) => ({ default: module.VideoPage })));
const ContentsPage = lazy(() => import('./contents/contents-page').then((module) => ({ default: module.ContentsPage })));
const ContentPage = lazy(() => import('./contents/content-page').then((module) => ({ default: module.ContentPage })));
const PlansPage = lazy(() => import('./plans/plans-page').then((module) => ({ default: module.PlansPage })));
const SearchPage = lazy(() => import('./search/search-page').then((module) => ({ default: module.SearchPage })));
const CertificatePage = lazy(() => import('./certificates/certificate-page').then((module) => ({ default: module.CertificatePage })));

function PageLoading() {
  return (
    <main className="clube-page">
      <Skeleton lines={4} label="Carregando a página…" />
    </main>
  );
}

/** The catalog remote's routes, mounted by the shell for `/`, `/videos`, `/conteudos`, `/planos`, `/busca` and `/certificados`. */
export default function CatalogRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/videos" element={<VideosPage />} />
        <Route path="/videos/:slug" element={<VideoPage />} />
        <Route path="/conteudos" element={<ContentsPage />} />
        <Route path="/conteudos/:slug" element={<ContentPage />} />
        <Route path="/planos" element={<PlansPage />} />
        <Route path="/busca" element={<SearchPage />} />
        <Route path="/certificados/:code" element={<CertificatePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

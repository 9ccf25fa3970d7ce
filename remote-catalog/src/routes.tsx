import { NotFoundPage } from '@clube/platform';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Each page is its own chunk, named `page-…` so `npm run size` reports the remote entry plus each route.
const HomePage = lazy(() => import(/* webpackChunkName: "page-home" */ './home/home-page').then((module) => ({ default: module.HomePage })));
const VideosPage = lazy(() => import(/* webpackChunkName: "page-videos" */ './videos/videos-page').then((module) => ({ default: module.VideosPage })));
const VideoPage = lazy(() => import(/* webpackChunkName: "page-video" */ './videos/video-page').then((module) => ({ default: module.VideoPage })));
const ContentsPage = lazy(() => import(/* webpackChunkName: "page-contents" */ './contents/contents-page').then((module) => ({ default: module.ContentsPage })));
const ContentPage = lazy(() => import(/* webpackChunkName: "page-content" */ './contents/content-page').then((module) => ({ default: module.ContentPage })));
const PlansPage = lazy(() => import(/* webpackChunkName: "page-plans" */ './plans/plans-page').then((module) => ({ default: module.PlansPage })));
const SearchPage = lazy(() => import(/* webpackChunkName: "page-search" */ './search/search-page').then((module) => ({ default: module.SearchPage })));
const LegalPage = lazy(() => import(/* webpackChunkName: "page-legal" */ './legal/legal-page').then((module) => ({ default: module.LegalPage })));
const CertificatePage = lazy(() => import(/* webpackChunkName: "page-certificate" */ './certificates/certificate-page').then((module) => ({ default: module.CertificatePage })));

function PageLoading() {
  return (
    <main className="clube-page">
      <Skeleton lines={4} label="Carregando a página…" />
    </main>
  );
}

/** The catalog remote's routes, mounted by the shell for `/`, `/videos`, `/conteudos`, `/planos`, `/busca`, `/certificados` and the legal pages. */
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
        <Route path="/termos-de-uso" element={<LegalPage slug="termos-de-uso" />} />
        <Route path="/politica-de-privacidade" element={<LegalPage slug="politica-de-privacidade" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

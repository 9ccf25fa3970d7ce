import { Guard, NotFoundPage } from '@clube/platform';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './layout/admin-layout';

// Each page is its own chunk (`page-…`, listed by `npm run size`): the remote's entry carries only the layout and the router.
const DashboardPage = lazy(() => import(/* webpackChunkName: "page-dashboard" */ './dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const ContentsPage = lazy(() => import(/* webpackChunkName: "page-contents" */ './catalogue/contents/content-pages').then((m) => ({ default: m.ContentsPage })));
const ContentNewPage = lazy(() => import(/* webpackChunkName: "page-contents" */ './catalogue/contents/content-pages').then((m) => ({ default: m.ContentNewPage })));
const ContentEditPage = lazy(() => import(/* webpackChunkName: "page-contents" */ './catalogue/contents/content-pages').then((m) => ({ default: m.ContentEditPage })));
const CategoriesPage = lazy(() => import(/* webpackChunkName: "page-categories" */ './catalogue/categories/categories-page').then((m) => ({ default: m.CategoriesPage })));
const VideosAdminPage = lazy(() => import(/* webpackChunkName: "page-videos" */ './catalogue/videos/video-pages').then((m) => ({ default: m.VideosAdminPage })));
const VideoNewPage = lazy(() => import(/* webpackChunkName: "page-videos" */ './catalogue/videos/video-pages').then((m) => ({ default: m.VideoNewPage })));
const VideoEditPage = lazy(() => import(/* webpackChunkName: "page-videos" */ './catalogue/videos/video-pages').then((m) => ({ default: m.VideoEditPage })));
const BannersPage = lazy(() => import(/* webpackChunkName: "page-banners" */ './banners/banner-pages').then((m) => ({ default: m.BannersPage })));
const BannerNewPage = lazy(() => import(/* webpackChunkName: "page-banners" */ './banners/banner-pages').then((m) => ({ default: m.BannerNewPage })));
const BannerEditPage = lazy(() => import(/* webpackChunkName: "page-banners" */ './banners/banner-pages').then((m) => ({ default: m.BannerEditPage })));
const PlansAdminPage = lazy(() => import(/* webpackChunkName: "page-plans" */ './plans/plan-pages').then((m) => ({ default: m.PlansAdminPage })));
const PlanEditPage = lazy(() => import(/* webpackChunkName: "page-plans" */ './plans/plan-pages').then((m) => ({ default: m.PlanEditPage })));
const SuggestionsPage = lazy(() => import(/* webpackChunkName: "page-suggestions" */ './suggestions/suggestions-page').then((m) => ({ default: m.SuggestionsPage })));
const UsersPage = lazy(() => import(/* webpackChunkName: "page-users" */ './users/users-page').then((m) => ({ default: m.UsersPage })));
const UserPage = lazy(() => import(/* webpackChunkName: "page-user" */ './users/user-page').then((m) => ({ default: m.UserPage })));
const SubscriptionsAdminPage = lazy(() => import(/* webpackChunkName: "page-subscriptions" */ './subscriptions/subscriptions-page').then((m) => ({ default: m.SubscriptionsAdminPage })));

/** The admin remote's routes, everything under `/admin`, for role ADMIN only, beside one side menu. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route
        element={
          <Guard access="admin">
            <AdminLayout />
          </Guard>
        }
      >
        <Route path="/admin" element={<Navigate to="/admin/painel" replace />} />
        <Route path="/admin/painel" element={<DashboardPage />} />
        <Route path="/admin/conteudo" element={<ContentsPage />} />
        <Route path="/admin/conteudo/novo" element={<ContentNewPage />} />
        <Route path="/admin/conteudo/categorias" element={<CategoriesPage />} />
        <Route path="/admin/conteudo/editar/:id" element={<ContentEditPage />} />
        <Route path="/admin/videos" element={<VideosAdminPage />} />
        <Route path="/admin/videos/novo" element={<VideoNewPage />} />
        <Route path="/admin/videos/editar/:id" element={<VideoEditPage />} />
        <Route path="/admin/banners" element={<BannersPage />} />
        <Route path="/admin/banners/novo" element={<BannerNewPage />} />
        <Route path="/admin/banners/editar/:id" element={<BannerEditPage />} />
        <Route path="/admin/planos" element={<PlansAdminPage />} />
        <Route path="/admin/planos/editar/:id" element={<PlanEditPage />} />
        <Route path="/admin/sugestoes" element={<SuggestionsPage />} />
        <Route path="/admin/usuarios" element={<UsersPage />} />
        <Route path="/admin/usuarios/:id" element={<UserPage />} />
        <Route path="/admin/assinaturas" element={<SubscriptionsAdminPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

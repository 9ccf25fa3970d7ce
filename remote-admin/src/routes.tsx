import { Guard, NotFoundPage } from '@clube/platform';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { BannerEditPage, BannerNewPage, BannersPage } from './banners/banner-pages';
import { CategoriesPage, ContentEditPage, ContentNewPage, ContentsPage } from './contents/content-pages';
import { PlanEditPage, PlansAdminPage } from './plans/plan-pages';
import { SubscriptionsAdminPage } from './subscriptions/subscriptions-page';
import { SuggestionsPage } from './suggestions/suggestions-page';
import { UsersPage } from './users/users-page';
import { VideoEditPage, VideoNewPage, VideosAdminPage } from './videos/video-pages';

/** The admin remote's routes, everything under `/admin`, for role ADMIN only. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route
        element={
          <Guard access="admin">
            <Outlet />
          </Guard>
        }
      >
      <Route path="/admin" element={<Navigate to="/admin/conteudo" replace />} />
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
      <Route path="/admin/assinaturas" element={<SubscriptionsAdminPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

import { Guard, NotFoundPage } from '@clube/platform';
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { PageSkeleton } from './shared/page-skeleton';

// Each page is its own chunk: the remote entry and the first route stay small (`npm run size`).
const ProfilePage = lazy(() => import('./profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const LaboratoryPage = lazy(() => import('./laboratory/laboratory-page').then((m) => ({ default: m.LaboratoryPage })));
const SubscriptionPage = lazy(() => import('./subscription/subscription-page').then((m) => ({ default: m.SubscriptionPage })));
const MyContentsPage = lazy(() => import('./my-contents/my-contents-page').then((m) => ({ default: m.MyContentsPage })));
const MyVideosPage = lazy(() => import('./my-contents/my-videos-page').then((m) => ({ default: m.MyVideosPage })));
const CheckoutPage = lazy(() => import('./checkout/checkout-page').then((m) => ({ default: m.CheckoutPage })));
const CancelSubscriptionPage = lazy(() => import('./cancel/cancel-subscription-page').then((m) => ({ default: m.CancelSubscriptionPage })));
const TeamPage = lazy(() => import('./team/team-page').then((m) => ({ default: m.TeamPage })));
const TrailPage = lazy(() => import('./team/trail-page').then((m) => ({ default: m.TrailPage })));
const InvitationPage = lazy(() => import('./team/invitation-page').then((m) => ({ default: m.InvitationPage })));
const SuggestionsPage = lazy(() => import('./suggestions/suggestions-page').then((m) => ({ default: m.SuggestionsPage })));

/** The account remote's routes (all for signed-in members): profile, laboratory, subscription, checkout, cancel, "meus conteúdos", suggestions, team. */
export default function AccountRoutes() {
  return (
    <Routes>
      <Route
        element={
          <Guard access="signed-in">
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </Guard>
        }
      >
        <Route path="/usuario" element={<ProfilePage />} />
        <Route path="/usuario/laboratorio" element={<LaboratoryPage />} />
        <Route path="/assinatura" element={<SubscriptionPage />} />
        <Route path="/meus-conteudos" element={<MyContentsPage />} />
        <Route path="/meus-conteudos/videos" element={<MyVideosPage />} />
        <Route path="/checkout/assinar" element={<CheckoutPage />} />
        <Route path="/planos/cancelar" element={<CancelSubscriptionPage />} />
        <Route path="/sugestoes" element={<SuggestionsPage />} />
        <Route path="/equipe" element={<TeamPage />} />
        <Route path="/equipe/trilha" element={<TrailPage />} />
      </Route>
      {/* Open to guests (who create their account from it) and before onboarding (a technician accepts first). */}
      <Route
        path="/equipe/convite/:token"
        element={
          <Suspense fallback={<PageSkeleton />}>
            <InvitationPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

import { Guard, NotFoundPage } from '@clube/platform';
import { Outlet, Route, Routes } from 'react-router-dom';
import { CancelSubscriptionPage } from './cancel/cancel-subscription-page';
import { CheckoutPage } from './checkout/checkout-page';
import { LaboratoryPage } from './laboratory/laboratory-page';
import { MyContentsPage } from './my-contents/my-contents-page';
import { MyVideosPage } from './my-contents/my-videos-page';
import { ProfilePage } from './profile/profile-page';
import { SubscriptionPage } from './subscription/subscription-page';

/** The account remote's routes (all for signed-in members): profile, laboratory, subscription, checkout, cancel, "meus conteúdos". */
export default function AccountRoutes() {
  return (
    <Routes>
      <Route
        element={
          <Guard access="signed-in">
            <Outlet />
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
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

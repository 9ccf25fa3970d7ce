import { Skeleton } from '@clube/kit/ui/skeleton';
import { Suspense, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import './admin.css';

/** Every admin area, in the order of the side menu. */
export const ADMIN_SECTIONS = [
  { to: '/admin/painel', label: 'Painel' },
  { to: '/admin/conteudo', label: 'Conteúdos' },
  { to: '/admin/conteudo/categorias', label: 'Categorias' },
  { to: '/admin/videos', label: 'Vídeos' },
  { to: '/admin/banners', label: 'Banners' },
  { to: '/admin/planos', label: 'Planos' },
  { to: '/admin/sugestoes', label: 'Sugestões' },
  { to: '/admin/emails', label: 'E-mails' },
  { to: '/admin/usuarios', label: 'Usuários' },
  { to: '/admin/assinaturas', label: 'Assinaturas' },
] as const;

/** The one side menu of `/admin/*` (a scrollable row of links on a phone) and the page beside it. */
export function AdminLayout() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On a phone the menu is a row that scrolls sideways: bring the current area into view.
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav.current && current && nav.current.scrollWidth > nav.current.clientWidth) nav.current.scrollLeft = current.offsetLeft - nav.current.offsetLeft - 16;
  }, [pathname]);

  return (
    <div className="admin-layout">
      <nav ref={nav} className="admin-layout__nav" aria-label="Administração">
        <ul>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.to}>
              {/* `end` on Conteúdos so that Categorias (below it) is the only one marked there. */}
              <NavLink to={section.to} end={section.to === '/admin/conteudo'} className="admin-layout__link">
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-layout__page">
        <Suspense fallback={<Skeleton lines={4} label="Carregando a página…" />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

import { useAuth } from '@clube/platform';
import { NavLink } from 'react-router-dom';

interface NavItem {
  to: string;
  label: string;
}

const VISITOR: NavItem[] = [
  { to: '/', label: 'Início' },
  { to: '/videos', label: 'Vídeos' },
  { to: '/planos', label: 'Planos' },
];

const MEMBER: NavItem[] = [
  ...VISITOR,
  { to: '/meus-conteudos', label: 'Meus conteúdos' },
  { to: '/assinatura', label: 'Assinatura' },
  { to: '/sugestoes', label: 'Sugestões' },
];

const ADMIN: NavItem[] = [...MEMBER, { to: '/admin/painel', label: 'Administração' }];
/** A laboratory's manager runs the team (seats, invitations, training record). */
const TEAM: NavItem = { to: '/equipe', label: 'Equipe' };

export function Header() {
  const { status, profile, isAdmin, logout } = useAuth();
  const base = status !== 'authenticated' ? VISITOR : isAdmin ? ADMIN : MEMBER;
  const items = status === 'authenticated' && profile?.team?.role === 'MANAGER' ? [...base, TEAM] : base;
  return (
    <header className="shell-header">
      <div className="shell-header__inner">
        <NavLink to="/" className="shell-header__brand" aria-label="Clube — início">
          Clube
        </NavLink>
        <nav aria-label="Principal" className="shell-header__nav">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className="shell-header__link">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="shell-header__user">
          {status === 'authenticated' && profile ? (
            <>
              <NavLink to="/usuario" className="shell-header__link">
                {profile.name.split(' ')[0]}
              </NavLink>
              <button type="button" className="clube-button clube-button--secondary" onClick={() => void logout()}>
                Sair
              </button>
            </>
          ) : status === 'anonymous' ? (
            <>
              <NavLink to="/autenticacao/login" className="shell-header__link">
                Entrar
              </NavLink>
              <NavLink to="/autenticacao/registro" className="clube-button clube-button--primary">
                Criar conta
              </NavLink>
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}

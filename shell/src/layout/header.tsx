import { useAuth } from '@clube/platform';
import { useEffect, useState, type FormEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';

interface NavItem {
  to: string;
  label: string;
}

const VISITOR: NavItem[] = [
  { to: '/', label: 'Início' },
  { to: '/videos', label: 'Vídeos' },
  { to: '/conteudos', label: 'Conteúdos' },
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

/** "Buscar": opens `/busca?q=` (the catalogue's search over contents, videos and what is said in them). */
function SearchForm() {
  const navigate = useNavigate();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('q');
    const q = field instanceof HTMLInputElement ? field.value.trim() : '';
    // After the submit event: a navigation (a transition) started during it makes React 19 read the
    // form into a FormData as for a form action, which the tests' jsdom with Node's globals cannot build.
    queueMicrotask(() => navigate(q ? `/busca?q=${encodeURIComponent(q)}` : '/busca'));
  }
  return (
    <form role="search" aria-label="Buscar no Clube" className="shell-search" action="/busca" method="get" onSubmit={onSubmit}>
      <label htmlFor="busca-cabecalho" className="shell-visually-hidden">
        Buscar vídeos e conteúdos
      </label>
      <input id="busca-cabecalho" className="shell-search__input" type="search" name="q" placeholder="Buscar vídeos e conteúdos" autoComplete="off" enterKeyHint="search" />
      <button type="submit" className="clube-button clube-button--secondary shell-search__button">
        Buscar
      </button>
    </form>
  );
}

/**
 * The header: brand, search, the person's links and, below, every destination. At 760 px or less
 * the destinations fold behind a "Menu" button (a disclosure: it says whether it is open, Escape
 * and choosing a destination close it, even the page already open), and the search field takes its own row.
 */
export function Header() {
  const { status, profile, isAdmin, logout } = useAuth();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const base = status !== 'authenticated' ? VISITOR : isAdmin ? ADMIN : MEMBER;
  const items = status === 'authenticated' && profile?.team?.role === 'MANAGER' ? [...base, TEAM] : base;

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="shell-header">
      <div className="shell-header__inner">
        <NavLink to="/" className="shell-header__brand" aria-label="Clube — início">
          Clube
        </NavLink>
        <SearchForm />
        <button
          type="button"
          className="clube-button clube-button--secondary shell-header__menu-button"
          aria-expanded={open}
          aria-controls="menu-principal"
          onClick={() => setOpen((value) => !value)}
        >
          Menu
        </button>
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
        <nav id="menu-principal" aria-label="Principal" className={`shell-header__nav${open ? ' shell-header__nav--open' : ''}`}>
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className="shell-header__link" onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}

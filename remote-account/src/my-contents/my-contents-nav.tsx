import { NavLink } from 'react-router-dom';

/** The two "meus conteúdos" pages, one Tab stop each. */
export function MyContentsNav() {
  return (
    <nav aria-label="Meus conteúdos" className="account-row account-nav">
      <NavLink end to="/meus-conteudos">
        Desbloqueados
      </NavLink>
      <NavLink to="/meus-conteudos/videos">Meus vídeos</NavLink>
    </nav>
  );
}

import { useConfig, type ApiResponse } from '@clube/platform';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';

/** Who sells (razão social, CNPJ, address, contact), as `GET /v1/legal` says: the club's settings (COMPANY_*). */
function Company() {
  const { apiUrl } = useConfig();
  // A plain fetch of a public read, not the API client: the auth pages load no API client before
  // the person signs in (axios comes with the first call), and the footer is on them too.
  const legal = useQuery({
    queryKey: ['legal'],
    queryFn: async ({ signal }): Promise<ApiResponse<'/v1/legal/'>> => {
      const response = await fetch(`${apiUrl.replace(/\/$/, '')}/v1/legal/`, { signal });
      if (!response.ok) throw new Error(`GET /v1/legal: ${response.status}`);
      return (await response.json()) as ApiResponse<'/v1/legal/'>;
    },
    staleTime: Infinity,
  });
  const company = legal.data?.company;
  if (!company) return null;
  return (
    <>
      <p>
        {company.name} · CNPJ {company.cnpj}
      </p>
      <p>{company.address}</p>
      <p>
        Contato: <a href={`mailto:${company.email}`}>{company.email}</a>
        {company.phone && ` · ${company.phone}`}
      </p>
    </>
  );
}

/** True once the element comes within a screen of the viewport (at once where IntersectionObserver is missing). */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}

/**
 * What every page of a Brazilian paid site shows (Decreto 7.962/2013, LGPD): the terms of use and
 * the privacy policy, and who sells — asked of the API only when the footer comes near the screen,
 * so no page waits for it (the links are in the first paint).
 */
export function Footer() {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  return (
    <footer className="shell-footer" ref={ref}>
      <nav aria-label="Rodapé">
        <ul className="shell-footer__links">
          <li>
            <Link to="/termos-de-uso">Termos de uso</Link>
          </li>
          <li>
            <Link to="/politica-de-privacidade">Política de privacidade</Link>
          </li>
          <li>
            <Link to="/planos">Planos e preços</Link>
          </li>
        </ul>
      </nav>
      <address className="shell-footer__company">{near && <Company />}</address>
      <p>Clube · conteúdo para equipes de laboratório</p>
    </footer>
  );
}

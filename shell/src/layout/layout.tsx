import { Toaster } from '@clube/platform';
import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import { TeamNotice } from './team-notice';
import './layout.css';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="clube-button clube-button--primary shell-skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <Header />
      <TeamNotice />
      <div id="conteudo" className="shell-content">{children}</div>
      <Footer />
      <Toaster />
    </>
  );
}

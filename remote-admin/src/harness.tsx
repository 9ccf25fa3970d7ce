import { renderHarness } from '@clube/dev-harness';
import Routes from './routes';

renderHarness({
  remote: 'admin',
  Routes,
  links: ['/admin/painel', '/admin/conteudo', '/admin/videos', '/admin/banners', '/admin/planos', '/admin/sugestoes', '/admin/usuarios', '/admin/assinaturas'],
});

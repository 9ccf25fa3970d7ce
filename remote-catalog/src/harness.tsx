import { renderHarness } from '@clube/dev-harness';
import Routes from './routes';

renderHarness({ remote: 'catalog', Routes, links: ['/', '/videos', '/conteudos', '/planos', '/busca?q=torniquete'] });

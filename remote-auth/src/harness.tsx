import { renderHarness } from '@clube/dev-harness';
import Routes from './routes';

renderHarness({
  remote: 'auth',
  Routes,
  links: ['/autenticacao/login', '/autenticacao/registro', '/autenticacao/esqueci-senha', '/autenticacao/atualizar-senha', '/onboarding'],
});

import { renderHarness } from '@clube/dev-harness';
import Routes from './routes';

renderHarness({
  remote: 'account',
  Routes,
  links: ['/usuario', '/usuario/laboratorio', '/assinatura', '/meus-conteudos', '/meus-conteudos/videos', '/sugestoes', '/checkout/assinar?planId=demo', '/planos/cancelar?subscription=demo'],
});

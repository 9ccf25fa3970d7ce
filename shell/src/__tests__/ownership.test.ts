import { ownerOf } from '../remotes/ownership';

describe('which remote owns a path', () => {
  it.each([
    ['/', 'catalog'],
    ['/videos', 'catalog'],
    ['/planos', 'catalog'],
    ['/planos/cancelar', 'account'],
    ['/usuario', 'account'],
    ['/usuario/laboratorio', 'account'],
    ['/assinatura', 'account'],
    ['/meus-conteudos', 'account'],
    ['/meus-conteudos/videos', 'account'],
    ['/checkout/assinar', 'account'],
    ['/autenticacao/registro', 'auth'],
    ['/autenticacao/login', 'auth'],
    ['/autenticacao/esqueci-senha', 'auth'],
    ['/autenticacao/atualizar-senha', 'auth'],
    ['/onboarding', 'auth'],
    ['/admin/conteudo/editar/123', 'admin'],
    ['/admin/sugestoes', 'admin'],
    ['/videos/', 'catalog'],
  ])('When %s is opened, then the %s remote renders it', (path, remote) => {
    expect(ownerOf(path)).toBe(remote);
  });

  it.each(['/nada', '/planosx', '/usuarios', '/administracao', '/checkoutx'])('When %s is opened, then no remote owns it (404)', (path) => {
    expect(ownerOf(path)).toBeNull();
  });
});

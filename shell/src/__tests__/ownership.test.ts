/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import registry from '../../../remotes.config.json';
import { ownerOf, REMOTE_NAMES } from '../remotes/ownership';

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
    ['/sugestoes', 'account'],
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

describe('the registry of remotes and the routes each remote declares', () => {
  const root = path.resolve(__dirname, '../../..');
  const declared = REMOTE_NAMES.flatMap((remote) => {
    // Read as text: the shell never imports a remote. Every route is an absolute path (README).
    const source = readFileSync(path.join(root, registry.remotes[remote].dir, 'src', 'routes.tsx'), 'utf8');
    return [...source.matchAll(/\bpath="([^"]+)"/g)].map((match) => match[1] as string).filter((route) => route !== '*').map((route) => [route, remote] as const);
  });

  it('When the remotes are read, then each declares its routes', () => {
    for (const remote of REMOTE_NAMES) expect(declared.filter(([, owner]) => owner === remote).length).toBeGreaterThan(0);
  });

  it.each(declared)('When %s (declared by the %s remote) is opened, then the shell mounts that remote', (route, remote) => {
    expect(ownerOf(route.replace(/:[^/]+/g, 'x'))).toBe(remote);
  });
});

import { safeRedirect } from '../guard';

/** `?redirect=` after sign-in (#26 item 5): only a path of this site, anything else goes home. */
describe('safeRedirect', () => {
  test('When the redirect is a path of this site, then it is kept with its query and hash', () => {
    expect(safeRedirect('?redirect=%2Fassinatura')).toBe('/assinatura');
    expect(safeRedirect(`?redirect=${encodeURIComponent('/catalogo/video/1?t=30#fala')}`)).toBe('/catalogo/video/1?t=30#fala');
  });

  test('When the redirect would leave the site (backslash, tab, protocol-relative, absolute), then the fallback is used', () => {
    for (const target of ['/%5Cexample.org', '/%09/example.org', '//example.org', '/%2F/example.org', 'https://example.org', 'javascript:alert(1)', '/\\/example.org', '/a/..//example.org']) {
      expect(safeRedirect(`?redirect=${target}`)).toBe('/');
      expect(safeRedirect(`?redirect=${target}`, '')).toBe('');
    }
  });

  test('When there is no redirect, then the fallback is used', () => {
    expect(safeRedirect('')).toBe('/');
  });
});

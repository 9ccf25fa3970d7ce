import type { DecodedIdToken } from 'firebase-admin/auth';
import { cachedVerifier } from '../src/plugins/firebase';

describe('Verified-token cache', () => {
  test('When the same token comes again before it expires, then it is not verified again; after exp it is', async () => {
    let clock = 1_000_000;
    const calls: string[] = [];
    const verify = cachedVerifier(async (token) => {
      calls.push(token);
      if (clock / 1000 > 1_060) throw Object.assign(new Error('expired'), { code: 'auth/id-token-expired' });
      return { uid: 'u1', exp: 1_060 } as DecodedIdToken;
    }, () => clock);
    await verify('a');
    await verify('a');
    expect(calls).toEqual(['a']);
    clock = 1_061_000;
    await expect(verify('a')).rejects.toMatchObject({ code: 'auth/id-token-expired' });
    expect(calls).toEqual(['a', 'a']);
  });

  test('When a token was verified, then cached() answers it at once until its exp; an unknown or expired token gets undefined', async () => {
    let clock = 1_000_000;
    const verify = cachedVerifier(async () => ({ uid: 'u1', exp: 1_060 }) as DecodedIdToken, () => clock);
    expect(verify.cached('a')).toBeUndefined();
    await verify('a');
    expect(verify.cached('a')).toMatchObject({ uid: 'u1' });
    expect(verify.cached('a ')).toBeUndefined();
    expect(verify.cached('b')).toBeUndefined();
    clock = 1_060_000;
    expect(verify.cached('a')).toBeUndefined();
  });

  test('When a connection sends a token, then it is answered only for that exact token and only until its exp, like the shared cache', async () => {
    let clock = 1_000_000;
    const verify = cachedVerifier(async (token) => ({ uid: `u-${token}`, exp: 1_060 }) as DecodedIdToken, () => clock);
    const connection = {};
    expect(verify.cached('a', connection)).toBeUndefined();
    await verify('a');
    await verify('b');
    expect(verify.cached('a', connection)).toMatchObject({ uid: 'u-a' });
    expect(verify.cached('a', connection)).toMatchObject({ uid: 'u-a' });
    // Another token on the same connection is its own entry, never the one the connection used last.
    expect(verify.cached('b', connection)).toMatchObject({ uid: 'u-b' });
    expect(verify.cached('c', connection)).toBeUndefined();
    expect(verify.cached('b', connection)).toMatchObject({ uid: 'u-b' });
    clock = 1_060_000;
    expect(verify.cached('b', connection)).toBeUndefined();
    expect(verify.cached('b')).toBeUndefined();
  });

  test('When verification fails, then nothing is cached', async () => {
    let attempts = 0;
    const verify = cachedVerifier(async () => {
      attempts += 1;
      throw new Error('invalid');
    });
    await expect(verify('bad')).rejects.toThrow('invalid');
    await expect(verify('bad')).rejects.toThrow('invalid');
    expect(attempts).toBe(2);
  });
});

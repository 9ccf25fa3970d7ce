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
  test('When a route asks for the revocation check, then it is made once per window: a plain verification never answers it, a checked one does until the window ends', async () => {
    let clock = 1_000_000;
    const calls: [string, boolean][] = [];
    const verify = cachedVerifier(
      async (token, checkRevoked) => {
        calls.push([token, checkRevoked]);
        return { uid: 'u1', exp: 2_000 } as DecodedIdToken;
      },
      () => clock,
      30_000,
    );
    await verify('a');
    expect(verify.cached('a', undefined, true)).toBeUndefined();
    await verify('a', true);
    expect(verify.cached('a', undefined, true)).toMatchObject({ uid: 'u1' });
    await verify('a', true);
    expect(calls).toEqual([['a', false], ['a', true]]);
    clock += 30_000;
    expect(verify.cached('a', undefined, true)).toBeUndefined();
    expect(verify.cached('a')).toMatchObject({ uid: 'u1' });
    await verify('a', true);
    expect(calls).toEqual([['a', false], ['a', true], ['a', true]]);
  });
});

describe('Verified-token cache under a burst of calls', () => {
  test('When many calls bring a token nobody has verified yet, then it is verified once and every call gets the answer', async () => {
    const calls: string[] = [];
    let release!: () => void;
    const verify = cachedVerifier(async (token) => {
      calls.push(token);
      if (token === 'a') await new Promise<void>((resolve) => (release = resolve));
      return { uid: 'u1', exp: 4_000_000_000 } as DecodedIdToken;
    });
    const answers = Promise.all(Array.from({ length: 20 }, () => verify('a', true)));
    await Promise.resolve();
    release();
    expect((await answers).map((decoded) => decoded.uid)).toEqual(Array(20).fill('u1'));
    expect(calls).toEqual(['a']);
    // Once answered it is no longer under way: a later miss verifies again.
    await expect(verify('b')).resolves.toMatchObject({ uid: 'u1' });
    expect(calls).toEqual(['a', 'b']);
  });

  test('When a checked token is used near the end of its window, then it is answered at once and re-checked once in the background', async () => {
    let clock = 1_000_000;
    const calls: boolean[] = [];
    const verify = cachedVerifier(
      async (_token, checkRevoked) => {
        calls.push(checkRevoked);
        return { uid: 'u1', exp: 2_000 } as DecodedIdToken;
      },
      () => clock,
      30_000,
    );
    await verify('a', true);
    clock += 26_000;
    // In the last sixth of the window: the answer now, one re-check started however many calls come.
    expect(verify.cached('a', undefined, true)).toMatchObject({ uid: 'u1' });
    expect(verify.cached('a', {}, true)).toMatchObject({ uid: 'u1' });
    expect(calls).toEqual([true, true]);
    await new Promise((resolve) => setImmediate(resolve));
    // The window now runs from the re-check: past the old end, still answered without waiting.
    clock += 10_000;
    expect(verify.cached('a', undefined, true)).toMatchObject({ uid: 'u1' });
    expect(calls).toEqual([true, true]);
  });

  test('When the background re-check finds the account revoked, then the next call that needs the check is not answered from the cache', async () => {
    let clock = 1_000_000;
    let revoked = false;
    const verify = cachedVerifier(
      async () => {
        if (revoked) throw Object.assign(new Error('revoked'), { code: 'auth/id-token-revoked' });
        return { uid: 'u1', exp: 2_000 } as DecodedIdToken;
      },
      () => clock,
      30_000,
    );
    await verify('a', true);
    revoked = true;
    clock += 26_000;
    expect(verify.cached('a', undefined, true)).toMatchObject({ uid: 'u1' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(verify.cached('a', undefined, true)).toBeUndefined();
    await expect(verify('a', true)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
    // A read that needs no revocation check still knows the token is genuine until it expires.
    expect(verify.cached('a')).toMatchObject({ uid: 'u1' });
  });
});

import { describe, expect, it } from 'vitest';
import { TestOrigin } from '../testing-kit.js';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same bytes spelled differently: the last character with its lowest bit flipped, which HS256's 43rd character does not use. */
function otherSpelling(token: string): string {
  const last = alphabet.indexOf(token.at(-1)!);
  return token.slice(0, -1) + alphabet[last ^ 1]!;
}

describe('a token has one accepted spelling (jose also accepted a padded one and one with changed unused bits)', () => {
  it('refuses a padded token and one whose last character differs only in unused bits, and accepts the token itself', async () => {
    const t = new TestOrigin();
    const token = (await t.token('alice')).authorization!.slice('Bearer '.length);
    const asAlice = (spelling: string) => t.send('GET', '/orders/121', { authorization: `Bearer ${spelling}` });
    expect((await asAlice(token)).status).toBe(200);
    for (const spelling of [`${token}=`, `${token}==`, otherSpelling(token)]) {
      const refused = await asAlice(spelling);
      expect([spelling === token, refused.status, refused.headers['www-authenticate']]).toEqual([false, 401, 'Bearer realm="apisim", error="invalid_token", error_description="token malformed"']);
    }
  });
});

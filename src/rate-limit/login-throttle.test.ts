import { describe, expect, it } from 'vitest';
import { request } from '../http/message.js';
import { createOrigin, defaultOriginSettings } from '../origin.js';
import { testEnvironment } from '../testing-kit.js';
import { bodyOf } from '../testing-kit.js';

/** An origin whose virtual clock the test moves. */
function originAt() {
  const clock = { us: 0 };
  const origin = createOrigin({ ...testEnvironment(), now: () => clock.us }, defaultOriginSettings);
  const login = (username: string, password: string, clientAddress?: string) =>
    origin.handle({ ...request('POST', '/sessions', { 'content-type': 'application/json' }, JSON.stringify({ username, password })), ...(clientAddress !== undefined && { clientAddress }) });
  return { clock, login };
}

describe('logins are throttled per username and per address, on the virtual clock (so a flood of wrong passwords is refused before it costs a password check)', () => {
  it('500 wrong passwords, then the right one: 429 with Retry-After and problem details, until a minute has passed', async () => {
    const { clock, login } = originAt();
    const statuses = new Set<number>();
    for (let i = 0; i < 500; i++) statuses.add((await login('alice', `guess-${i}`)).status);
    expect([...statuses]).toEqual([401, 429]);
    const refused = await login('alice', 'alice-pw');
    expect([refused.status, refused.headers['retry-after'], refused.headers['content-type'], bodyOf(refused).type]).toEqual([429, '60', 'application/problem+json', '/problems/too-many-logins']);
    clock.us += 59_000_000;
    expect((await login('alice', 'alice-pw')).status).toBe(429);
    clock.us += 1_000_000;
    expect((await login('alice', 'alice-pw')).status).toBe(201);
  });

  it('lets the tenth failure through and refuses the eleventh; another name is not affected; the same for unknown names', async () => {
    const { login } = originAt();
    const tenth = [];
    for (let i = 0; i < 10; i++) tenth.push((await login('nobody', 'x')).status);
    expect(tenth).toEqual(Array(10).fill(401));
    expect((await login('nobody', 'x')).status).toBe(429);
    expect((await login('bob', 'bob-pw')).status).toBe(201);
  });

  it('a right password gives back its token: legitimate logins never use up what failures are allowed', async () => {
    const { login } = originAt();
    for (let i = 0; i < 9; i++) await login('carol', 'wrong', '10.0.0.1');
    for (let i = 0; i < 200; i++) expect((await login('carol', 'carol-pw', '10.0.0.1')).status).toBe(201);
    expect([(await login('carol', 'wrong', '10.0.0.1')).status, (await login('carol', 'wrong', '10.0.0.1')).status]).toEqual([401, 429]);
  });

  it('refuses an address that fails across many names, and counts nothing for the name it refused', async () => {
    const { login } = originAt();
    for (let i = 0; i < 100; i++) await login(`user-${i}`, 'x', '10.0.0.9');
    const refused = await login('alice', 'alice-pw', '10.0.0.9');
    expect([refused.status, refused.headers['retry-after']]).toEqual([429, '1']);
    expect((await login('alice', 'alice-pw', '10.0.0.10')).status).toBe(201);
  });

});

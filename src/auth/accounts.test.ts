import { describe, expect, it } from 'vitest';
import { Accounts, demoAccountStore } from './accounts.js';

describe('accounts: the password check (under a flood of wrong passwords it stalled every server on the loop)', () => {
  it('runs off the event loop: a callback queued after a check began runs before the check answers', async () => {
    const accounts = demoAccountStore();
    const order: string[] = [];
    const check = accounts.verify('alice', 'alice-pw').then((a) => order.push(`verified ${a === 'busy' ? a : a?.username}`));
    setImmediate(() => order.push('event loop turned'));
    await check;
    expect(order).toEqual(['event loop turned', 'verified alice']);
  });

  it('answers the same for an unknown name and a wrong password', async () => {
    const accounts = demoAccountStore();
    expect([await accounts.verify('alice', 'bob-pw'), await accounts.verify('nobody', ''), await accounts.verify('bob', 'bob-pw').then((a) => (a === 'busy' ? a : a?.userId))]).toEqual([undefined, undefined, 2]);
  });

  it('checks at most `concurrent` passwords at once, queues `waiting` more and answers the rest busy at once', async () => {
    const accounts = new Accounts({ concurrent: 2, waiting: 3 });
    accounts.add(1, 'alice', 'alice-pw', []);
    const answers = await Promise.all(Array.from({ length: 8 }, () => accounts.verify('alice', 'alice-pw').then((a) => (a === 'busy' ? a : a?.username))));
    expect(answers).toEqual([...Array<string>(5).fill('alice'), 'busy', 'busy', 'busy']);
    expect(await accounts.verify('alice', 'alice-pw').then((a) => (a === 'busy' ? a : a?.username))).toBe('alice');
  });
});

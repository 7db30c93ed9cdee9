import { describe, expect, it } from 'vitest';
import { demoAccountStore } from './accounts.js';

describe('accounts: the password check (under a flood of wrong passwords it stalled every server on the loop)', () => {
  it('runs off the event loop: a callback queued after a check began runs before the check answers', async () => {
    const accounts = demoAccountStore();
    const order: string[] = [];
    const check = accounts.verify('alice', 'alice-pw').then((a) => order.push(`verified ${a?.username}`));
    setImmediate(() => order.push('event loop turned'));
    await check;
    expect(order).toEqual(['event loop turned', 'verified alice']);
  });

  it('answers the same for an unknown name and a wrong password', async () => {
    const accounts = demoAccountStore();
    expect([await accounts.verify('alice', 'bob-pw'), await accounts.verify('nobody', ''), (await accounts.verify('bob', 'bob-pw'))?.userId]).toEqual([undefined, undefined, 2]);
  });
});

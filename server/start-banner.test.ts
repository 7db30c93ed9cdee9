import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/auth/accounts.js';
import { createOrigin } from '../src/origin.js';
import { testEnvironment } from '../src/testing-kit.js';
import { startBanner } from './start-banner.js';

describe('the start banner', () => {
  const state = createOrigin(testEnvironment()).state();
  const banner = startBanner({ originUrl: 'http://127.0.0.1:3000', cacheUrl: 'http://127.0.0.1:3001', unstableUrl: 'http://127.0.0.1:3002', orders: 'owner-check', state, dataDir: '/srv/apisim-data' });

  it('names every demo account with its password and the orders it owns', () => {
    for (const a of demoAccounts) expect(banner).toContain(`${a.username.padEnd(6)} id ${a.userId}  password ${a.password}`);
    expect(banner).toMatch(/alice +id 1 .*owns orders 121, 122/);
    expect(banner).toMatch(/sam +id 4 .*reads any order, changes none/);
  });

  it('lists the seed: every user, order with its owner, and post', () => {
    for (const u of state.users) expect(banner).toContain(`user ${u.id}   ${u.name} <${u.email}>`);
    for (const o of state.orders) expect(banner).toMatch(new RegExp(`order ${o.id} of [a-z]+: ${o.delivery_address}`));
    for (const p of state.posts.posts) expect(banner).toContain(`"${p.title}"`);
  });

  it('prints curl lines against the URLs it listens on, and the front only when it runs', () => {
    expect(banner).toContain('curl -si http://127.0.0.1:3000/orders/121');
    expect(banner).toContain('http://127.0.0.1:3001/notes/1');
    expect(banner).toContain('http://127.0.0.1:3002/notes/2');
    const alone = startBanner({ originUrl: 'http://127.0.0.1:3000', cacheUrl: undefined, unstableUrl: undefined, orders: 'login-only', state, dataDir: undefined });
    expect(alone).not.toContain('3001');
    expect(alone).toContain('orders: login-only');
  });

  it('says what bob\'s order answers: 403, or 404 with --hide-existence', () => {
    expect(banner).toMatch(/orders\/123 +# 403 in owner-check: bob's order/);
    const hidden = startBanner({ originUrl: 'http://127.0.0.1:3000', cacheUrl: undefined, unstableUrl: undefined, orders: 'owner-check', existenceHidden: true, state, dataDir: undefined });
    expect(hidden).toMatch(/orders\/123 +# 404 in owner-check \(--hide-existence\): bob's order/);
  });

  it('says where the data is kept, or that it is not', () => {
    expect(banner).toMatch(/data +\/srv\/apisim-data +kept across restarts and crashes/);
    const inMemory = startBanner({ originUrl: 'http://127.0.0.1:3000', cacheUrl: undefined, unstableUrl: undefined, orders: 'owner-check', state, dataDir: undefined });
    expect(inMemory).toMatch(/data +in memory \(--memory\): gone when the process ends/);
  });
});

import { Agent, request } from 'node:http';
import WebSocket from 'ws';

/**
 * The two floods the soak adds to its hostile cycle, each from a loopback address of its own (127.0.0.x), so
 * that the cycle's wrong passwords, counted per address, never make them 429s instead of the work they are
 * meant to cause. Each runs until `stop` and says what it met.
 */
export interface Flood {
  stop(): Promise<FloodTally>;
}

export interface FloodTally {
  /** What was sent and answered as meant: pongs, or 201s. */
  readonly answered: number;
  /** Anything else: sockets closed by the server, logins refused (429, 503) or failed. */
  readonly refused: number;
  /** Why, e.g. `close 1008` or `status 429`, with how often. */
  readonly reasons: Readonly<Record<string, number>>;
}

const json = { 'content-type': 'application/json' };

/** A session cookie for `username` from `originUrl`, logging in from `localAddress`. */
export async function loginFrom(originUrl: string, username: string, localAddress: string): Promise<string> {
  const agent = new Agent({ localAddress });
  try {
    const { status, setCookie } = await post(agent, `${originUrl}/sessions`, JSON.stringify({ username, password: `${username}-pw` }));
    const cookie = /^(sid=[^;]+)/.exec(setCookie[0] ?? '')?.[1];
    if (status !== 201 || cookie === undefined) throw new Error(`logging in as ${username} at ${originUrl} answered ${status}`);
    return cookie;
  } finally {
    agent.destroy();
  }
}

/**
 * `sockets` graph sockets of one caller (the most one caller may open), each sending graphql-ws `ping`s so
 * that together they send `messagesPerSecond`, the caller's message budget: what N1's flood did, at the rate
 * the server lets through. A socket the server closes is counted and not reopened.
 */
export function socketFlood(originUrl: string, cookie: string, localAddress: string, sockets: number, messagesPerSecond: number): Flood {
  let answered = 0;
  const reasons: Record<string, number> = {};
  const count = (reason: string): void => {
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  };
  let stopping = false;
  const url = `${originUrl.replace(/^http/, 'ws')}/graphql`;
  const open = Array.from({ length: sockets }, (_, i) => {
    const ws = new WebSocket(url, 'graphql-transport-ws', { headers: { cookie }, localAddress });
    let timer: NodeJS.Timeout | undefined;
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'connection_init' }));
      // Staggered, so the caller's budget is met evenly rather than in bursts of every socket at once.
      const everyMs = (1_000 * sockets) / messagesPerSecond;
      setTimeout(() => {
        timer = setInterval(() => ws.send('{"type":"ping"}'), everyMs);
      }, (everyMs * i) / sockets);
    });
    // Text frames only, as graphql-ws sends them: one Buffer each.
    ws.on('message', (data: Buffer) => {
      if (data.toString('utf8').includes('"pong"')) answered++;
    });
    ws.on('error', () => count('socket error'));
    const closed = new Promise<void>((resolve) => ws.on('close', (code) => {
      clearInterval(timer);
      if (!stopping) count(`close ${code}`);
      resolve();
    }));
    return { ws, closed };
  });
  return {
    stop: async () => {
      stopping = true;
      for (const { ws } of open) ws.close(1000);
      await Promise.all(open.map(({ closed }) => closed));
      return { answered, refused: Object.values(reasons).reduce((sum, n) => sum + n, 0), reasons };
    },
  };
}

/**
 * `connections` loops each logging `username` in with the right password, one login after another: every
 * one is a password check, the scrypt the review's right-password flood ran. At most the name's tries at
 * once (10: each login holds one until its check is done), so none is refused unchecked, and each new
 * session pushes the account's oldest out.
 */
export function loginFlood(originUrl: string, username: string, localAddress: string, connections: number): Flood {
  const agent = new Agent({ keepAlive: true, localAddress });
  let answered = 0;
  const reasons: Record<string, number> = {};
  let stopping = false;
  const body = JSON.stringify({ username, password: `${username}-pw` });
  const loop = async (): Promise<void> => {
    while (!stopping) {
      try {
        const { status } = await post(agent, `${originUrl}/sessions`, body);
        if (status === 201) answered++;
        else reasons[`status ${status}`] = (reasons[`status ${status}`] ?? 0) + 1;
      } catch {
        reasons['no answer'] = (reasons['no answer'] ?? 0) + 1;
      }
    }
  };
  const loops = Array.from({ length: connections }, loop);
  return {
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
      agent.destroy();
      return { answered, refused: Object.values(reasons).reduce((sum, n) => sum + n, 0), reasons };
    },
  };
}

function post(agent: Agent, url: string, body: string): Promise<{ readonly status: number; readonly setCookie: readonly string[] }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: json }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

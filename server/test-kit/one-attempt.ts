import { request as httpRequest } from 'node:http';

export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/**
 * One attempt on a connection of its own, never retried by an agent: the answer, or `lost` when the
 * connection closed without one, which is what a client of the unstable line sees.
 */
export function oneAttempt(url: string, init: { readonly method?: string; readonly headers?: Readonly<Record<string, string>>; readonly body?: string } = {}): Promise<Answer | 'lost'> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET') resolve('lost');
      else reject(error);
    });
    req.end(init.body);
  });
}

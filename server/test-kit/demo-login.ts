/** A demo user's session cookie (`sid=...`), from a real `POST /sessions` to `url`. */
export async function sessionCookie(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: `${username}-pw` }) });
  const cookie = /^(sid=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (res.status !== 201 || cookie === undefined) throw new Error(`login of ${username} failed with ${res.status}`);
  return cookie;
}

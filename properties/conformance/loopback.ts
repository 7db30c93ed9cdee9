/**
 * Whether a URL names this machine: `localhost` and its subdomains (RFC 6761 §6.3), 127.0.0.0/8 and ::1. Only
 * a name, never a DNS lookup: the rule must hold before any packet leaves.
 */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets[1] === '127' && octets.slice(2).every((o) => Number(o) <= 255);
}

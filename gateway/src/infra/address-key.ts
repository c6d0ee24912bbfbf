import { isIP } from 'node:net';

/**
 * The key an address is limited by (decision 36): an IPv4 address as itself (also when written
 * IPv4-mapped, `::ffff:203.0.113.5`, or with a port, as some proxies forward it), and an IPv6
 * address by its /64 network, the smallest block one subscriber is given: keyed by the whole
 * address, one host could try again from 2^64 addresses. Anything else is kept as it came.
 */
export function addressKey(address: string): string {
  const bare = withoutPort(address.trim());
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return address;
  const groups = ipv6Groups(bare.split('%')[0] ?? bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** `203.0.113.5:443` and `[2001:db8::1]:443` without the port; anything else unchanged. */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return v4WithPort?.[1] ?? address;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = toGroups(head);
  if (tail === undefined) return front;
  const back = toGroups(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

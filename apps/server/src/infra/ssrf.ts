import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';

/**
 * Webhook addresses must not reach into our own networks (server-side request forgery): no loopback, private,
 * link-local (cloud metadata), shared (CGNAT), multicast, reserved or unspecified address, no local host names,
 * only http(s), no credentials in the URL. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE, local development) lifts the
 * address rules but never the scheme and credential rules.
 */

type Range = { bytes: number[]; bits: number; reason: string };

const LOOPBACK = 'a loopback address';
const PRIVATE = 'a private network address';
const LINK_LOCAL = 'a link-local address (where cloud metadata services live)';
const SHARED = 'a shared (carrier-grade NAT) address';
const UNSPECIFIED = 'an unspecified address';
const MULTICAST = 'a multicast address';
const RESERVED = 'a reserved address';

function v4(cidr: string, reason: string): Range {
  const [address = '', bits = '32'] = cidr.split('/');
  return { bytes: address.split('.').map(Number), bits: Number(bits), reason };
}

function v6(cidr: string, reason: string): Range {
  const [address = '', bits = '128'] = cidr.split('/');
  const bytes = parseIpv6(address);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, bits: Number(bits), reason };
}

const IPV4_RANGES: Range[] = [
  v4('0.0.0.0/8', UNSPECIFIED),
  v4('10.0.0.0/8', PRIVATE),
  v4('100.64.0.0/10', SHARED),
  v4('127.0.0.0/8', LOOPBACK),
  v4('169.254.0.0/16', LINK_LOCAL),
  v4('172.16.0.0/12', PRIVATE),
  v4('192.0.0.0/24', RESERVED),
  v4('192.0.2.0/24', RESERVED),
  v4('192.88.99.0/24', RESERVED),
  v4('192.168.0.0/16', PRIVATE),
  v4('198.18.0.0/15', RESERVED),
  v4('198.51.100.0/24', RESERVED),
  v4('203.0.113.0/24', RESERVED),
  v4('224.0.0.0/4', MULTICAST),
  v4('240.0.0.0/4', RESERVED),
];

const IPV6_RANGES: Range[] = [
  v6('::/128', UNSPECIFIED),
  v6('::1/128', LOOPBACK),
  v6('100::/64', RESERVED),
  v6('2001::/32', RESERVED),
  v6('2001:db8::/32', RESERVED),
  v6('fc00::/7', PRIVATE),
  v6('fe80::/10', LINK_LOCAL),
  v6('fec0::/10', PRIVATE),
  v6('ff00::/8', MULTICAST),
];

/** IPv6 ranges that carry an IPv4 address: [the range, where the IPv4 address starts]. */
const EMBEDS_IPV4: Array<[Range, number]> = [
  [v6('::ffff:0:0/96', ''), 12], // IPv4-mapped
  [v6('::/96', ''), 12], // IPv4-compatible (deprecated)
  [v6('64:ff9b::/96', ''), 12], // NAT64
  [v6('64:ff9b:1::/48', ''), 12], // local NAT64
  [v6('2002::/16', ''), 2], // 6to4
];

/** Host names that are never on the public internet, or that name a cloud's metadata service. */
const LOCAL_NAMES = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);
const LOCAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.localdomain',
  '.internal',
  '.home.arpa',
  '.lan',
  '.intranet',
];

function inRange(bytes: number[], range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  let bits = range.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address (with an optional zone and a dotted IPv4 tail), or null. */
function parseIpv6(input: string): number[] | null {
  let text = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const parts = dotted[1].split('.').map(Number);
    if (parts.some((part) => part > 255)) return null;
    tail.push(...parts);
    text = `${text.slice(0, -dotted[1].length)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** Why an IP address may not receive webhooks, or null when it is a public address. */
export function addressProblem(address: string): string | null {
  const plain = address.replace(/^\[|\]$/g, '');
  const family = isIP(plain.replace(/%.*$/, ''));
  if (family === 4) {
    const bytes = plain.split('.').map(Number);
    return IPV4_RANGES.find((range) => inRange(bytes, range))?.reason ?? null;
  }
  if (family !== 6) return 'not an IP address';
  const bytes = parseIpv6(plain);
  if (!bytes) return 'not an IP address';
  // :: and ::1 are in the IPv4-compatible range, but are themselves (unspecified, loopback).
  const exact = IPV6_RANGES.find((range) => range.bits === 128 && inRange(bytes, range));
  if (exact) return exact.reason;
  for (const [range, at] of EMBEDS_IPV4) {
    if (inRange(bytes, range)) return addressProblem(bytes.slice(at, at + 4).join('.'));
  }
  return IPV6_RANGES.find((range) => inRange(bytes, range))?.reason ?? null;
}

/** Why a host name is a local one (localhost, a metadata service, a single label), or null. */
function hostNameProblem(host: string): string | null {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (LOCAL_NAMES.has(name) || LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    return `${name} is a local or cloud metadata host name`;
  }
  if (!name.includes('.')) return `${name} is not a public host name`;
  return null;
}

/**
 * What is wrong with a callback_url, from the text alone (scheme, credentials, literal IP addresses, local and
 * metadata host names), as a phrase fit for a field's error message; null when it may be used. The addresses a
 * name resolves to are checked again at every delivery (`checkedLookup`).
 */
export function callbackUrlProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be a full http:// or https:// URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return 'must start with http:// or https://';
  }
  if (parsed.username || parsed.password) return 'must not contain a user name or password';
  if (!parsed.hostname) return 'must name a host';
  if (allowPrivate) return null;
  // The URL parser has already turned 2130706433, 0x7f.1 and the like into dotted IPv4.
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const reason = addressProblem(host);
    return reason ? `must be a public address: ${host} is ${reason}` : null;
  }
  const reason = hostNameProblem(host);
  return reason ? `must be a public address: ${reason}` : null;
}

/** A refused connection: the host resolved to an address that may not receive webhooks. */
export class ForbiddenAddressError extends Error {
  readonly code = 'EFORBIDDENADDRESS';
  constructor(host: string, address: string, reason: string) {
    super(`${host} resolves to ${address}, ${reason}: refused`);
    this.name = 'ForbiddenAddressError';
  }
}

export type Resolver = (
  host: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (host, callback) =>
  dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => callback(error, addresses ?? []));

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that resolves the host, refuses it when any of its addresses may not receive
 * webhooks, and connects to the addresses it checked — so a name that changes its answer between the check and
 * the connection (DNS rebinding) cannot slip through.
 */
export function checkedLookup(allowPrivate: boolean, resolve: Resolver = systemResolver) {
  return (host: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback) => {
    resolve(host, (error, addresses) => {
      if (error) return callback(error, []);
      const wanted = addresses.filter(
        (a) => !options.family || options.family === a.family || options.family === `IPv${a.family}`,
      );
      if (wanted.length === 0) {
        const notFound = Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
        return callback(notFound, []);
      }
      if (!allowPrivate) {
        for (const { address } of wanted) {
          const reason = addressProblem(address);
          if (reason) return callback(new ForbiddenAddressError(host, address, reason), []);
        }
      }
      if (options.all) return callback(null, wanted);
      const [first] = wanted as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}

import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  callbackUrlProblem,
  checkedLookup,
  ForbiddenAddressError,
  type Resolver,
} from './ssrf.ts';

const REFUSED: Array<[url: string, because: RegExp]> = [
  ['http://127.0.0.1/hook', /loopback/],
  ['http://127.1.2.3:8080/hook', /loopback/],
  ['http://2130706433/hook', /127\.0\.0\.1 is a loopback/], // 127.0.0.1 as a number
  ['http://0x7f.0.0.1/hook', /loopback/],
  ['http://0177.0.0.1/hook', /loopback/],
  ['http://[::1]/hook', /loopback/],
  ['http://[::ffff:127.0.0.1]/hook', /loopback/],
  ['http://[::ffff:7f00:1]/hook', /loopback/],
  ['http://[64:ff9b::7f00:1]/hook', /loopback/],
  ['http://[2002:7f00:1::]/hook', /loopback/],
  ['http://10.0.0.5/hook', /private/],
  ['http://172.16.0.1/hook', /private/],
  ['http://172.31.255.255/hook', /private/],
  ['http://192.168.1.10/hook', /private/],
  ['http://[fc00::1]/hook', /private/],
  ['http://[fd12:3456:789a::1]/hook', /private/],
  ['http://[fd00:ec2::254]/latest/meta-data', /private/], // AWS metadata over IPv6
  ['http://169.254.169.254/latest/meta-data/', /link-local/],
  ['http://[fe80::1]/hook', /link-local/],
  ['http://[::ffff:169.254.169.254]/', /link-local/],
  ['http://100.64.0.1/hook', /carrier-grade NAT/],
  ['http://100.100.100.200/latest/meta-data', /carrier-grade NAT/], // Alibaba Cloud metadata
  ['http://0.0.0.0/hook', /unspecified/],
  ['http://[::]/hook', /unspecified/],
  ['http://224.0.0.1/hook', /multicast/],
  ['http://255.255.255.255/hook', /reserved/],
  ['http://192.0.0.192/hook', /reserved/],
  ['http://localhost:3000/hook', /local or cloud metadata host name/],
  ['http://LOCALHOST./hook', /local or cloud metadata host name/],
  ['http://api.localhost/hook', /local or cloud metadata host name/],
  ['http://metadata.google.internal/computeMetadata/v1/', /metadata/],
  ['http://metadata/computeMetadata/v1/', /metadata/],
  ['http://printer.local/hook', /local or cloud metadata/],
  ['http://intranet/hook', /not a public host name/],
  ['ftp://example.com/hook', /http:\/\/ or https:\/\//],
  ['file:///etc/passwd', /http:\/\/ or https:\/\//],
  ['gopher://example.com/', /http:\/\/ or https:\/\//],
  ['https://user:secret@example.com/hook', /user name or password/],
  ['https://token@example.com/hook', /user name or password/],
  ['not a url', /full http/],
];

const ALLOWED = [
  'https://example.com/webhooks/callwise',
  'http://hooks.example.org:8080/in?x=1',
  'https://93.184.216.34/hook',
  'https://[2606:4700:4700::1111]/hook',
  'https://172.32.0.1/hook', // just outside 172.16/12
  'https://100.128.0.1/hook', // just outside 100.64/10
  'https://192.169.0.1/hook',
];

describe('callbackUrlProblem', () => {
  it.each(REFUSED)('refuses %s', (url, because) => {
    expect(callbackUrlProblem(url, false)).toMatch(because);
  });

  it.each(ALLOWED)('allows %s', (url) => {
    expect(callbackUrlProblem(url, false)).toBeNull();
  });

  it('allows private addresses with WEBHOOK_ALLOW_PRIVATE, never other schemes or credentials', () => {
    for (const url of [
      'http://127.0.0.1:4000/hook',
      'http://localhost/hook',
      'http://10.1.2.3/',
      'http://[::1]/',
    ]) {
      expect(callbackUrlProblem(url, true)).toBeNull();
    }
    expect(callbackUrlProblem('ftp://127.0.0.1/', true)).toMatch(/http/);
    expect(callbackUrlProblem('http://a:b@127.0.0.1/', true)).toMatch(/password/);
  });
});

describe('addressProblem', () => {
  it('tells public addresses from the others', () => {
    expect(addressProblem('8.8.8.8')).toBeNull();
    expect(addressProblem('2001:4860:4860::8888')).toBeNull();
    expect(addressProblem('127.0.0.1')).toMatch(/loopback/);
    expect(addressProblem('::ffff:10.0.0.1')).toMatch(/private/);
    expect(addressProblem('fe80::1%eth0')).toMatch(/link-local/);
    expect(addressProblem('::0.0.0.2')).toMatch(/unspecified/);
  });
});

/** A stand-in for DNS: each name's answer. */
function resolver(answers: Record<string, LookupAddress[]>): Resolver {
  return (host, callback) => {
    const found = answers[host];
    if (!found) callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    else callback(null, found);
  };
}

function lookupOnce(lookup: ReturnType<typeof checkedLookup>, host: string, all: boolean) {
  return new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
    lookup(host, { all }, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('checkedLookup (at delivery time, against DNS rebinding)', () => {
  const dns = resolver({
    'hooks.example.com': [{ address: '93.184.216.34', family: 4 }],
    'rebound.example.com': [{ address: '169.254.169.254', family: 4 }],
    'mixed.example.com': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ],
    'six.example.com': [{ address: '::1', family: 6 }],
  });

  it('connects to the address it checked', async () => {
    const lookup = checkedLookup(false, dns);
    expect(await lookupOnce(lookup, 'hooks.example.com', false)).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect((await lookupOnce(lookup, 'hooks.example.com', true)).address).toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('refuses a public-looking name that resolves to a forbidden address', async () => {
    const lookup = checkedLookup(false, dns);
    for (const host of ['rebound.example.com', 'mixed.example.com', 'six.example.com']) {
      const { error } = await lookupOnce(lookup, host, true);
      expect(error, host).toBeInstanceOf(ForbiddenAddressError);
    }
    expect((await lookupOnce(lookup, 'rebound.example.com', false)).error?.message).toBe(
      'rebound.example.com resolves to 169.254.169.254, a link-local address (where cloud metadata services live): refused',
    );
  });

  it('lets them through with WEBHOOK_ALLOW_PRIVATE, and passes resolution errors on', async () => {
    const lookup = checkedLookup(true, dns);
    expect((await lookupOnce(lookup, 'rebound.example.com', false)).address).toBe('169.254.169.254');
    const missing = await lookupOnce(lookup, 'nowhere.example.com', false);
    expect((missing.error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});

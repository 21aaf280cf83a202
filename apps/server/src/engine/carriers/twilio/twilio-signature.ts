import { createHmac, timingSafeEqual } from 'node:crypto';

/** The POST parameters of a Twilio request (a name may repeat). */
export type TwilioParams = Record<string, string | string[]>;

/**
 * What Twilio puts in `X-Twilio-Signature`: base64 HMAC-SHA1, keyed with the account's auth token, of the full
 * URL it requested followed by every POST parameter sorted by name, each as name then value (a repeated name:
 * its distinct values sorted).
 */
export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name] as string | string[];
    const values = Array.isArray(value) ? [...new Set(value)].sort() : [value];
    for (const one of values) data += name + one;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const URL_PARTS = /^(https?:\/\/)([^/?#@]*@)?([^/?#:]+)(:\d+)?(.*)$/i;

/**
 * The URL as given, without its port and with the scheme's default port: Twilio signs the address as it was
 * configured, and a proxy in between may add or drop the port.
 */
function urlVariants(url: string): string[] {
  const parts = URL_PARTS.exec(url);
  if (!parts) return [url];
  const [, scheme = '', userInfo = '', host = '', port, rest = ''] = parts;
  const defaultPort = scheme.toLowerCase() === 'https://' ? ':443' : ':80';
  const withoutPort = scheme + userInfo + host + rest;
  const withPort = port ? url : scheme + userInfo + host + defaultPort + rest;
  return [...new Set([url, withoutPort, withPort])];
}

/** Whether `signature` is Twilio's for this request (compared in constant time). */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: TwilioParams,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return urlVariants(url).some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

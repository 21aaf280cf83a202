import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCallingWindow } from '@callwise/shared/calling-window';
import { API_RATE_LIMIT_PER_MINUTE } from '@callwise/shared/product';
import { DEFAULT_SMS_RATE_PER_SEGMENT_USD } from '@callwise/shared/sms';
import { z } from 'zod';
import { parseCrashAt } from './infra/crash-points.ts';

const optionalUrl = z.url().optional();
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Every environment variable the product reads (documented in README.md, "Configuration"). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// connection string')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Callwise <no-reply@callwise.local>'),
  TELEPHONY_PROVIDER: z.enum(['simulator', 'twilio']).default('simulator'),
  SIMULATOR_SPEED: z.coerce.number().positive().max(1000).default(1),
  /** How long a simulated call's driver holds it between steps before another worker takes it over. */
  SIMULATOR_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_FROM_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number like +12025550100')
    .optional(),
  TWILIO_API_BASE_URL: optionalUrl,
  /** A Messaging Service (MG…) our texts go through instead of the business number (US A2P 10DLC). */
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'must look like MG followed by 32 hex digits')
    .optional(),
  /** Calls started per second at Twilio (the account's CPS), in each worker process. */
  TWILIO_CALLS_PER_SECOND: z.coerce.number().positive().max(100).default(1),
  /** Calls of ours ringing or connected at Twilio at once; more wait for a free line. */
  TWILIO_MAX_CONCURRENT_CALLS: z.coerce.number().int().min(1).max(10_000).default(10),
  ELEVENLABS_API_KEY: z.string().min(1).optional(),
  ELEVENLABS_MODEL_ID: z.string().min(1).default('eleven_multilingual_v2'),
  ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
  /** Cal.com's API host, where cancellations and moves are written back (tests: a local fake). */
  CALCOM_API_BASE_URL: z.url().default('https://api.cal.com'),
  /** Google Calendar connections (decision 023): the OAuth client of a Google Cloud project; without, none. */
  /** Real payments through Stripe (decision 036); unset: billing is simulated (no payment is taken). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[0-9A-Za-z]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  /** The signing secret of the webhook endpoint /hooks/stripe (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[0-9A-Za-z+/=_-]+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Another address for Stripe's API (a local stand-in in tests), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE_URL: optionalUrl,
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** Google's hosts (tests and the browser tests: a local fake of them). */
  GOOGLE_AUTH_URL: optionalUrl,
  GOOGLE_TOKEN_URL: optionalUrl,
  GOOGLE_REVOKE_URL: optionalUrl,
  GOOGLE_API_ROOT_URL: optionalUrl,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AUTH_RATE_LIMIT_PER_5_MIN: z.coerce.number().int().min(1).default(30),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(API_RATE_LIMIT_PER_MINUTE),
  SESSION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  CALL_RATE_PER_MINUTE_USD: z.coerce.number().min(0).default(0.05),
  /** What one text segment costs (Twilio's US price by default), written on each text sent. */
  SMS_RATE_PER_SEGMENT_USD: z.coerce.number().min(0).default(DEFAULT_SMS_RATE_PER_SEGMENT_USD),
  CALL_RETRY_ATTEMPTS: z.coerce.number().int().min(0).max(5).default(2),
  CALL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(1800),
  DISPATCH_CLAIM_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** How often the call sweep looks for open calls nobody is driving (decision 008). */
  CALL_SWEEP_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /** An open call at the carrier unchanged for this long is asked of the carrier by the sweep. */
  CALL_QUIET_SECONDS: z.coerce.number().min(0.1).max(86_400).default(180),
  /** Tests only: a crash point (infra/crash-points.ts) where this process kills itself. */
  CRASH_AT: z.string().optional(),
  FAILURE_ALERT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /**
   * Tests and benches only (the server warns when it is set): a calling window that replaces every account's,
   * e.g. 00:00-24:00, so that calls due "now" go out whatever the hour of the run.
   */
  CALLING_WINDOW_OVERRIDE: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const window = parseCallingWindow(value);
      if (!window) {
        ctx.addIssue({ code: 'custom', message: 'must be HH:MM-HH:MM with the start before the end' });
        return z.NEVER;
      }
      return window;
    }),
  /**
   * Whose X-Forwarded-For to believe (the per-IP limits read the client's address from it): `loopback` (a proxy
   * on this machine), addresses or CIDRs separated by commas, a number of proxy hops, `true` or `false`.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((value): boolean | number | string => {
      const text = value.trim();
      if (text === 'true') return true;
      if (text === 'false' || text === '') return false;
      if (/^\d+$/.test(text)) return Number(text);
      return text;
    }),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
});

type RawEnv = Record<string, string | undefined>;

/** Rules between variables, checked on the raw values so they are reported together with every other problem. */
function crossFieldProblems(raw: RawEnv): string[] {
  const problems: string[] = [];
  const requires = (key: string, why: string) => {
    if (!raw[key]) problems.push(`${key} is required ${why}`);
  };
  if (raw.TELEPHONY_PROVIDER === 'twilio') {
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER', 'PUBLIC_URL']) {
      requires(key, 'when TELEPHONY_PROVIDER=twilio');
    }
  }
  if (raw.LLM_BASE_URL) requires('LLM_API_KEY', 'when LLM_BASE_URL is set');
  if (raw.STRIPE_SECRET_KEY) {
    requires('STRIPE_WEBHOOK_SECRET', 'when STRIPE_SECRET_KEY is set');
    requires('PUBLIC_URL', 'when STRIPE_SECRET_KEY is set (checkout returns the browser there)');
  }
  if (raw.GOOGLE_CLIENT_ID || raw.GOOGLE_CLIENT_SECRET) {
    requires('GOOGLE_CLIENT_ID', 'when GOOGLE_CLIENT_SECRET is set');
    requires('GOOGLE_CLIENT_SECRET', 'when GOOGLE_CLIENT_ID is set');
  }
  const s3 = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
  if (s3.some((key) => raw[key])) for (const key of s3) requires(key, 'when any S3_ variable is set');
  if (raw.NODE_ENV === 'production' && raw.DATABASE_URL) {
    requires('JWT_SECRET', 'in production with PostgreSQL (every process must share it)');
  }
  if (raw.CRASH_AT) {
    if (raw.NODE_ENV !== 'test') problems.push('CRASH_AT is for the crash tests only (NODE_ENV=test)');
    const parsed = parseCrashAt(raw.CRASH_AT);
    if ('problem' in parsed) problems.push(parsed.problem);
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL' | 'DATA_DIR'> {
  DATA_DIR: string;
  PUBLIC_URL: string;
  JWT_SECRET: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError listing every problem at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, emptyToUndefined(source[key])]),
  );
  const result = envSchema.safeParse(cleaned);
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`)),
    ...crossFieldProblems(cleaned as RawEnv),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  return result.data;
}

/** The JWT secret: from the environment, or generated once and kept in the data directory. */
function resolveJwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return { ...env, DATA_DIR: dataDir, PUBLIC_URL: publicUrl, JWT_SECRET: resolveJwtSecret(env, dataDir) };
}

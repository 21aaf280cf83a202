import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config.ts';

describe('configuration', () => {
  it('has working defaults for a local run', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.ROLE).toBe('all');
    expect(env.TELEPHONY_PROVIDER).toBe('simulator');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('lists every problem at once', () => {
    try {
      parseEnv({ PORT: 'abc', ROLE: 'boss', DATABASE_URL: 'mysql://x', TELEPHONY_PROVIDER: 'twilio' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/ROLE/);
      expect(problems).toMatch(/DATABASE_URL must be a postgres:\/\/ connection string/);
      expect(problems).toMatch(/TWILIO_ACCOUNT_SID is required when TELEPHONY_PROVIDER=twilio/);
      expect(problems).toMatch(/TWILIO_AUTH_TOKEN is required/);
    }
  });

  it('takes a crash point only in tests, and only one that exists', () => {
    expect(parseEnv({ NODE_ENV: 'test', CRASH_AT: 'status.between-status-and-retry@3' }).CRASH_AT).toBe(
      'status.between-status-and-retry@3',
    );
    expect(() => parseEnv({ NODE_ENV: 'production', CRASH_AT: 'dispatch.after-claim' })).toThrow(
      /CRASH_AT is for the crash tests only/,
    );
    expect(() => parseEnv({ CRASH_AT: 'dispatch.after-claim' })).toThrow(
      /CRASH_AT is for the crash tests only/,
    );
    expect(() => parseEnv({ NODE_ENV: 'test', CRASH_AT: 'dispatch.somewhere' })).toThrow(
      /CRASH_AT names no crash point: dispatch.somewhere/,
    );
    expect(() => parseEnv({ NODE_ENV: 'test', CRASH_AT: 'dispatch.after-claim@0' })).toThrow(/1 or more/);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('generates a JWT secret once and keeps it in the data directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'callwise-config-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.JWT_SECRET);
  });

  it('uses the given JWT secret and derives the public URL from the port', () => {
    const config = loadConfig({ JWT_SECRET: 'a'.repeat(32), PORT: '4100', DATA_DIR: '/tmp/unused-callwise' });
    expect(config.JWT_SECRET).toBe('a'.repeat(32));
    expect(config.PUBLIC_URL).toBe('http://localhost:4100');
  });
});

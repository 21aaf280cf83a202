import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import errors from './errors.ts';

const app = Fastify({ logger: false });

const routes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/things',
    { schema: { body: z.object({ name: z.string().min(1), count: z.number().int() }) } },
    async () => ({ ok: true }),
  );
  fastify.get('/conflict', async () => {
    throw new AppError('conflict', 'That number is on your do-not-call list.', { phone: '+12025550100' });
  });
  fastify.get('/boom', async () => {
    throw new Error('secret database detail');
  });
};

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errors);
  await app.register(routes);
  await app.ready();
});
afterAll(() => app.close());

describe('error shape', () => {
  it('answers 400 with a detail per invalid field', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: '', count: 1.5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['count', 'name']);
    expect(body.error.message).toMatch(/^(name|count): /);
  });

  it('maps an AppError code to its status and keeps its details', async () => {
    const res = await app.inject('/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'That number is on your do-not-call list.',
        details: { phone: '+12025550100' },
      },
    });
  });

  it('hides the message of an unexpected error', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side.' },
    });
    expect(res.body).not.toContain('secret');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });
});

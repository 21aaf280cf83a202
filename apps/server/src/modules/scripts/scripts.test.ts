import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  user = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

const create = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/scripts', headers: user.headers, payload });

describe('scripts', () => {
  it('creates with general as the default category and lists the variables used', async () => {
    const res = await create({
      title: 'Reminder',
      content: 'Hi {{name}}, see you {{date}} at {{time}} in {{room}}.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Reminder',
      category: 'general',
      variables: ['name', 'date', 'time', 'room'],
    });
  });

  it('needs a title and content, and a known category', async () => {
    const res = await create({ title: ' ', content: '' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['content', 'title']);
    expect((await create({ title: 'x', content: 'y', category: 'Spam' })).statusCode).toBe(400);
  });

  it('edits with updated_at moving on, clones with " (Copy)", deletes', async () => {
    const created = (
      await create({ title: 'Offer', content: 'Hi {{name}}, 20% off.', category: 'Sales' })
    ).json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/v1/scripts/${created.id}`,
      headers: user.headers,
      payload: { content: 'Hi {{name}}, 25% off.' },
    });
    expect(edited.json()).toMatchObject({
      title: 'Offer',
      content: 'Hi {{name}}, 25% off.',
      category: 'Sales',
    });
    expect(Date.parse(edited.json().updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect(edited.json().created_at).toBe(created.created_at);

    const clone = await t.app.inject({
      method: 'POST',
      url: `/v1/scripts/${created.id}/clone`,
      headers: user.headers,
    });
    expect(clone.statusCode).toBe(201);
    expect(clone.json()).toMatchObject({
      title: 'Offer (Copy)',
      content: 'Hi {{name}}, 25% off.',
      category: 'Sales',
    });
    expect(clone.json().id).not.toBe(created.id);

    const list = await t.app.inject({ url: '/v1/scripts', headers: user.headers });
    expect(list.json().data[0].title).toBe('Offer (Copy)');
    const sales = await t.app.inject({ url: '/v1/scripts?category=Sales&q=copy', headers: user.headers });
    expect(sales.json().data.map((s: { title: string }) => s.title)).toEqual(['Offer (Copy)']);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/v1/scripts/${created.id}`, headers: user.headers }))
        .statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: `/v1/scripts/${created.id}`, headers: user.headers })).statusCode).toBe(
      404,
    );
  });
});

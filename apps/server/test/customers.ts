import { expect } from 'vitest';
import type { TestApp } from './helper.ts';

/** Whoever is signed in: their session's headers. */
type SignedIn = { headers: Record<string, string> };

/**
 * Maria Garcia of Garcia Bakery (maria@example.com) added as a contact through the API, with the phone, consent
 * and anything else `fields` gives (or changes); answers the contact as the API gave it back.
 */
export async function addMaria(
  t: TestApp,
  user: SignedIn,
  fields: Record<string, unknown>,
): Promise<{ id: string; phone: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/contacts',
    headers: user.headers,
    payload: { name: 'Maria Garcia', email: 'maria@example.com', company: 'Garcia Bakery', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** An appointment booked through the API (`payload` as the API takes it); answers its id. */
export async function bookAppointment(t: TestApp, user: SignedIn, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/appointments', headers: user.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

import { type Role, roleAllows } from '@callwise/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimumRole } from '../src/http/role-policy.ts';
import { type Document, examplesOf, fetchDocument, operationsOf, secured } from './openapi-document.ts';
import {
  type ExampleServer,
  resetExampleAccount,
  STRIPE_ONLY,
  startExampleServer,
  TWILIO_ONLY,
} from './openapi-example-account.ts';
import { anyRequest, checkExample, send } from './openapi-requests.ts';

/**
 * The role matrix of the OpenAPI document: each operation's description names the roles that may call it, the
 * server enforces the same, and an admin and a staff member get each example as documented or 403 forbidden_role.
 */
let server: ExampleServer;
let t: ExampleServer['t'];
let members: Partial<Record<Role, ExampleServer['members']['admin']>>;
let document: Document;

const operations = () => operationsOf(document);

beforeAll(async () => {
  server = await startExampleServer();
  ({ t, members } = server);
  ({ document } = await fetchDocument(t.baseUrl));
  // Six users signed in, two API keys and the fake Google: over a minute on a busy machine.
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the role matrix', () => {
  /**
   * Where a role the operation allows is still refused by the operation's own rule (documented in its
   * description): staff change their own number but not the business's time zone, and leave but remove no one.
   */
  const REFUSED_BY_THE_OPERATION: Record<string, Partial<Record<Role, number>>> = {
    'patch /v1/me timezone': { staff: 403 },
    'delete /v1/members/{id} remove': { staff: 403 },
    'delete /v1/members/{id} missing': { staff: 403 },
  };

  it('walks the role matrix: each role gets what the document allows it and 403 forbidden_role elsewhere', async () => {
    const failures: string[] = [];
    let forbidden = 0;
    let allowed = 0;
    for (const { path, method, operation } of operations()) {
      if (!secured(operation)) continue;
      const sentence = /Roles: ([a-z, ]+) \(an API key acts as an admin\)\./.exec(
        operation.description ?? '',
      );
      if (!sentence?.[1]) {
        failures.push(`${method} ${path}: the description does not say which roles may call it`);
        continue;
      }
      const documentedRoles = sentence[1].split(', ');
      // The document and the policy the server enforces say the same.
      const minimum = minimumRole(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'));
      const policyRoles = (['owner', 'admin', 'staff'] as const).filter((role) => roleAllows(role, minimum));
      if (documentedRoles.join() !== policyRoles.join()) {
        failures.push(
          `${method} ${path}: documents ${documentedRoles.join()}, enforces ${policyRoles.join()}`,
        );
      }
      for (const role of ['admin', 'staff'] as const) {
        const member = members[role];
        if (!member) throw new Error('no member');
        const where = `${method.toUpperCase()} ${path} as ${role}`;
        if (!documentedRoles.includes(role)) {
          forbidden++;
          await resetExampleAccount(server);
          const { response, text } = await send(
            t.baseUrl,
            method,
            path,
            anyRequest(document, operation),
            member.headers.authorization,
          );
          const body = (
            response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : {}
          ) as {
            error?: { code: string; details?: { required?: string[] } };
          };
          if (
            response.status !== 403 ||
            body.error?.code !== 'forbidden_role' ||
            body.error.details?.required?.join() !== documentedRoles.join()
          ) {
            failures.push(
              `${where}: ${response.status} ${text.slice(0, 200)}, documented 403 forbidden_role`,
            );
          }
          continue;
        }
        // The business number's operations need the Twilio server, where these members are not: the policy check
        // above covers them.
        if (TWILIO_ONLY.test(path) || STRIPE_ONLY.test(path)) continue;
        const examples = examplesOf(document, operation);
        if (examples.length > 0) await resetExampleAccount(server);
        for (const example of examples) {
          allowed++;
          const refused = REFUSED_BY_THE_OPERATION[`${method} ${path} ${example.name}`]?.[role];
          const expected = refused ? { ...example, status: refused, response: undefined } : example;
          if (refused) {
            const { response } = await send(t.baseUrl, method, path, example, member.headers.authorization);
            if (response.status !== refused)
              failures.push(`${where} «${example.name}»: ${response.status}, not ${refused}`);
            continue;
          }
          failures.push(
            ...(await checkExample(
              t.baseUrl,
              method,
              path,
              expected,
              member.headers.authorization,
              `${where} «${example.name}»`,
            )),
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // Both kinds were walked (the matrix is not empty on either side).
    expect(forbidden).toBeGreaterThan(40);
    expect(allowed).toBeGreaterThan(100);
  }, 600_000);
});

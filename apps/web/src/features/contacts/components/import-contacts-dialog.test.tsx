import { contactImportSchema } from '@callwise/shared/schemas/contact-imports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ImportContactsDialog } from '@/features/contacts/components/import-contacts-dialog';
import * as fixtures from '@/test/fixtures';
import { chooseCsvFile, importContactsFile } from '@/test/import-wizard';
import { renderWithProviders } from '@/test/render';
import { reply, server, url } from '@/test/server';

const CSV = [
  'Name,Phone,Email,Company',
  'Maria Lopez,(202) 555-0143,maria@example.com,Lopez Bakery',
  'Tom Becker,(202) 555-0188,tom@example.com,Becker & Sons',
  'No Number,,none@example.com,',
  '',
].join('\n');

const csvFile = (text = CSV, name = 'clients.csv') => new File([text], name, { type: 'text/csv' });

function renderWizard() {
  return renderWithProviders(<ImportContactsDialog open onOpenChange={() => undefined} />, {
    route: '/contacts',
  });
}

describe('ImportContactsDialog: the CSV import wizard', () => {
  it('reads the file, matches its columns, posts the import and shows its result', async () => {
    let posted: unknown;
    let polls = 0;
    const finished = fixtures.contactImport({
      status: 'completed',
      total_rows: 3,
      processed_rows: 3,
      created: 2,
      failed: 1,
      errors: [{ line: 4, reason: 'Phone is required' }],
      finished_at: '2026-01-10T15:00:05.000Z',
    });
    server.use(
      http.post(url('/v1/contacts/imports'), async ({ request }) => {
        posted = await request.json();
        return reply(contactImportSchema, fixtures.contactImport({ total_rows: 3 }), { status: 202 });
      }),
      http.get(url('/v1/contacts/imports/:id'), ({ params }) => {
        polls += 1;
        expect(params.id).toBe(fixtures.id(501));
        return reply(contactImportSchema, finished);
      }),
    );
    const { user } = renderWizard();
    const dialog = screen.getByRole('dialog', { name: 'Import contacts' });
    expect(dialog).toHaveTextContent('Step 1 of 3: choose a CSV file.');

    await chooseCsvFile(user, dialog, csvFile());

    expect(
      await within(dialog).findByText('Step 2 of 3: match the columns to contact fields.'),
    ).toBeVisible();
    const preview = within(dialog).getByRole('table');
    expect(preview).toHaveTextContent('Maria Lopez');
    expect(preview).toHaveTextContent('Tom Becker');

    // What the contacts agreed to must be said first.
    await user.click(within(dialog).getByRole('button', { name: 'Import contacts' }));
    expect(
      await within(dialog).findByText('Choose what these contacts agreed to before importing.', {
        selector: '[id$="-error"]',
      }),
    ).toBeVisible();
    expect(posted).toBeUndefined();

    await user.click(within(dialog).getByRole('radio', { name: 'They agreed to informational calls' }));
    await user.click(within(dialog).getByRole('radio', { name: "Update them with the file's details" }));
    await user.click(within(dialog).getByRole('button', { name: 'Import contacts' }));

    expect(await within(dialog).findByText(/^Import complete: 2 added, 0 updated, 0 skipped/)).toBeVisible();
    expect(dialog).toHaveTextContent('Step 3 of 3: import.');
    expect(dialog).toHaveTextContent('Phone is required');
    expect(within(dialog).getByRole('button', { name: 'Download problem rows' })).toBeVisible();
    expect(posted).toEqual({
      file_name: 'clients.csv',
      csv: CSV,
      mapping: { name: 'Name', phone: 'Phone', email: 'Email', company: 'Company' },
      duplicates: 'merge',
      consent_default: 'informational',
    });
    expect(polls).toBeGreaterThan(0);

    // Another file starts the wizard again.
    await user.click(within(dialog).getByRole('button', { name: 'Import another file' }));
    expect(await within(dialog).findByLabelText('Choose a CSV file')).toBeInTheDocument();
  });

  it('refuses a file that is not a CSV before reading it', async () => {
    renderWizard();
    // The picker's `accept` only suggests CSV files: another one can still be chosen (or dropped).
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const dialog = screen.getByRole('dialog', { name: 'Import contacts' });

    await chooseCsvFile(user, dialog, new File(['%PDF'], 'clients.pdf', { type: 'application/pdf' }));

    expect(await within(dialog).findByText(/clients\.pdf is not a CSV file/)).toBeVisible();
    expect(dialog).toHaveTextContent('Step 1 of 3');
  });

  it('says so when the import stops before the end', async () => {
    server.use(
      http.post(url('/v1/contacts/imports'), () =>
        reply(contactImportSchema, fixtures.contactImport({ total_rows: 3 }), { status: 202 }),
      ),
      http.get(url('/v1/contacts/imports/:id'), () =>
        reply(
          contactImportSchema,
          fixtures.contactImport({ status: 'failed', total_rows: 3, processed_rows: 1, created: 1 }),
        ),
      ),
    );
    const { user } = renderWizard();
    const dialog = screen.getByRole('dialog', { name: 'Import contacts' });
    await importContactsFile(user, dialog, csvFile());

    expect(await within(dialog).findByText('The import stopped before the end.')).toBeVisible();
    expect(await screen.findByText('Error importing contacts')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByText(/The import of clients\.csv stopped before the end: 1 added/),
      ).toBeInTheDocument(),
    );
  });

  it('shows a refused mapping under its column', async () => {
    server.use(
      http.post(url('/v1/contacts/imports'), () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Invalid input',
              details: [{ field: 'mapping.phone', message: 'No column is called Phone.' }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWizard();
    const dialog = screen.getByRole('dialog', { name: 'Import contacts' });
    await importContactsFile(user, dialog, csvFile());

    expect(await within(dialog).findByText('No column is called Phone.')).toBeVisible();
    expect(dialog).toHaveTextContent('Step 2 of 3');
  });
});

import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Picks `file` in a CSV import wizard's first step (the "Choose a CSV file" input of `dialog`). */
export async function chooseCsvFile(user: UserEvent, dialog: HTMLElement, file: File) {
  await user.upload(within(dialog).getByLabelText('Choose a CSV file'), file);
}

/**
 * Goes through a contact import's mapping step as it was guessed: `file` chosen, the contacts said to have agreed
 * to informational calls, then Import contacts.
 */
export async function importContactsFile(user: UserEvent, dialog: HTMLElement, file: File) {
  await chooseCsvFile(user, dialog, file);
  await user.click(await within(dialog).findByRole('radio', { name: 'They agreed to informational calls' }));
  await user.click(within(dialog).getByRole('button', { name: 'Import contacts' }));
}

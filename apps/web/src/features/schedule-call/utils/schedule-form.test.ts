import { describe, expect, it } from 'vitest';
import {
  emptyScheduleForm,
  toPreviewInput,
  valueVariables,
} from '@/features/schedule-call/utils/schedule-form';

const message = 'Hi {{first_name}} {{last_name}} ({{name}}), see you on {{date}}.';

describe('the schedule form and the recipient’s variables', () => {
  it('asks for a value of every variable but the recipient’s name, first name and last name', () => {
    expect(valueVariables(message)).toEqual(['date']);
  });

  it('previews a typed recipient with the first word of the name as first name', () => {
    const values = {
      ...emptyScheduleForm(),
      recipientName: 'Maria Lopez',
      message,
      variables: { date: 'Friday' },
    };
    expect(toPreviewInput(values).variables).toEqual({
      date: 'Friday',
      name: 'Maria Lopez',
      first_name: 'Maria',
      last_name: 'Lopez',
    });
  });

  it('previews a picked contact with its own first and last name, as the call will say them', () => {
    const contact = { name: 'Dr. Maria Lopez', first_name: 'Maria', last_name: 'Lopez' };
    const values = {
      ...emptyScheduleForm(),
      recipientName: 'Dr. Maria Lopez',
      message,
      variables: { date: 'Friday' },
    };
    expect(toPreviewInput(values, contact).variables).toMatchObject({
      first_name: 'Maria',
      last_name: 'Lopez',
    });
    // A name typed over the contact's is the name the call uses.
    const renamed = { ...values, recipientName: 'Ana Silva' };
    expect(toPreviewInput(renamed, contact).variables).toMatchObject({
      first_name: 'Ana',
      last_name: 'Silva',
    });
  });

  it('sends no recipient values without a name ("there" on the server)', () => {
    expect(toPreviewInput({ ...emptyScheduleForm(), message: 'Hi {{first_name}}' }).variables).toEqual({});
  });
});

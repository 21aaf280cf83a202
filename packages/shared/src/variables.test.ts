import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_VARIABLES,
  isRecipientVariable,
  recipientValues,
  renderTemplate,
  splitName,
  variablesIn,
} from './variables.ts';

describe('variablesIn', () => {
  it('lists each variable once, in order', () => {
    expect(variablesIn('Hi {{name}}, see you {{ date }} at {{time}}. Bye {{name}}! {{room_2}}')).toEqual([
      'name',
      'date',
      'time',
      'room_2',
    ]);
    expect(variablesIn('No variables {here} or {{ }}')).toEqual([]);
  });
});

describe('renderTemplate', () => {
  it('fills every variable', () => {
    expect(
      renderTemplate('Hi {{name}}, {{date}} at {{time}}', { name: 'Ana', date: 'Monday', time: '10 AM' }),
    ).toEqual({
      ok: true,
      text: 'Hi Ana, Monday at 10 AM',
    });
  });
  it('says "there" for a missing or blank name', () => {
    expect(renderTemplate('Hi {{name}}!', {})).toEqual({ ok: true, text: 'Hi there!' });
    expect(renderTemplate('Hi {{name}}!', { name: '  ' })).toEqual({ ok: true, text: 'Hi there!' });
  });
  it('refuses any other missing variable', () => {
    expect(renderTemplate('On {{date}} in {{room}}', { date: 'Monday' })).toEqual({
      ok: false,
      missing: ['room'],
    });
  });
});

describe('the recipient’s first and last name', () => {
  it('splits a full name into its first word and the rest', () => {
    expect(splitName('  Maria   Lopez Garcia ')).toEqual({ first: 'Maria', last: 'Lopez Garcia' });
    expect(splitName('Cher')).toEqual({ first: 'Cher', last: '' });
    expect(splitName('')).toEqual({ first: '', last: '' });
  });

  it('derives {{first_name}} and {{last_name}} from the name unless the person has their own', () => {
    expect(recipientValues({ name: 'Maria Lopez' })).toEqual({
      name: 'Maria Lopez',
      first_name: 'Maria',
      last_name: 'Lopez',
    });
    // The last name is what follows the first name in the name.
    expect(recipientValues({ name: 'Dr. Maria Lopez', first_name: 'Maria', last_name: null })).toEqual({
      name: 'Dr. Maria Lopez',
      first_name: 'Maria',
      last_name: 'Lopez',
    });
    expect(recipientValues({ name: 'Bob Smith', first_name: 'Robert' })).toEqual({
      name: 'Bob Smith',
      first_name: 'Robert',
      last_name: 'Smith',
    });
    expect(recipientValues({ name: 'Dr. Maria Lopez', first_name: ' Maria ', last_name: 'Lopez' })).toEqual({
      name: 'Dr. Maria Lopez',
      first_name: 'Maria',
      last_name: 'Lopez',
    });
    // Blank values are no values: the template's fallback or its "needs a value" applies.
    expect(recipientValues({ name: 'Cher', last_name: '  ' })).toEqual({ name: 'Cher', first_name: 'Cher' });
    expect(recipientValues({ name: '' })).toEqual({});
  });

  it('greets by first name, says "there" without one, and needs a value for a missing last name', () => {
    const values = recipientValues({ name: 'Maria Lopez' });
    expect(renderTemplate('Hi {{first_name}}!', values)).toEqual({ ok: true, text: 'Hi Maria!' });
    expect(renderTemplate('Dear {{ first_name }} {{last_name}}', values)).toEqual({
      ok: true,
      text: 'Dear Maria Lopez',
    });
    expect(renderTemplate('Hi {{first_name}}!', {})).toEqual({ ok: true, text: 'Hi there!' });
    expect(renderTemplate('Dear Ms. {{last_name}}', recipientValues({ name: 'Cher' }))).toEqual({
      ok: false,
      missing: ['last_name'],
    });
  });

  it('lists the recipient’s variables first among the built-in ones, and tells them apart', () => {
    expect(BUILT_IN_VARIABLES).toEqual(['first_name', 'last_name', 'name', 'date', 'time']);
    expect(['name', 'first_name', 'last_name', 'date', 'company'].map(isRecipientVariable)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('reads only the values given, whatever a variable is called', () => {
    expect(renderTemplate('{{constructor}} {{toString}}', {})).toEqual({
      ok: false,
      missing: ['constructor', 'toString'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { renderTemplate, variablesIn } from './variables.ts';

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

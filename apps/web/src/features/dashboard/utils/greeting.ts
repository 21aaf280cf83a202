import { hourOfDay } from '@/lib/dates';

/**
 * "Good morning, Maria": morning from 5:00, afternoon from 12:00, evening from 18:00, by the hour in the
 * business's time zone; without a first name, the greeting alone.
 */
export function greeting(firstName: string | null | undefined, hour: number = hourOfDay()): string {
  const part = hour >= 5 && hour < 12 ? 'morning' : hour >= 12 && hour < 18 ? 'afternoon' : 'evening';
  const name = firstName?.trim();
  return name ? `Good ${part}, ${name}` : `Good ${part}`;
}

import { type Cursor, decodeCursor } from '@callwise/db/queries/cursor';
import { AppError } from './app-error.ts';

/** The cursor of a `?cursor=` query, or a 400 when it is not one we handed out. */
export function parseCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  const cursor = decodeCursor(text);
  if (!cursor) {
    throw new AppError('validation_failed', 'cursor: is not a cursor from a previous page', [
      { field: 'cursor', message: 'is not a cursor from a previous page' },
    ]);
  }
  return cursor;
}

export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

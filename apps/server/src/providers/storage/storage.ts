/** A stored object as read back. */
export interface StoredFile {
  data: Buffer;
  contentType: string;
  size: number;
}

/**
 * Where recordings and audio live: the local disk under DATA_DIR (default) or an S3-compatible bucket.
 * Keys look like `recordings/<accountId>/<callId>.wav` (see assertValidKey).
 */
export interface FileStorage {
  readonly name: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a file that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

/** The longest key S3 accepts (in bytes; our keys are ASCII). */
export const MAX_KEY_LENGTH = 1024;

const KEY_CHARACTERS = /^[A-Za-z0-9._/-]+$/;

/**
 * Throws a clear Error unless the key is a relative, slash-separated path of [A-Za-z0-9._-] segments.
 * Refused: empty keys, `..` anywhere, absolute paths, backslashes, other characters, empty segments
 * (`a//b`, a trailing slash) and segments starting with a dot (hidden names are reserved for the local
 * store's temporary and metadata files).
 */
export function assertValidKey(key: string): void {
  const shown = JSON.stringify(key.length > 120 ? `${key.slice(0, 120)}…` : key);
  const refuse = (why: string): never => {
    throw new Error(`Invalid file key ${shown}: ${why}`);
  };
  if (typeof key !== 'string' || key.length === 0) refuse('it is empty');
  if (key.length > MAX_KEY_LENGTH) refuse(`it is longer than ${MAX_KEY_LENGTH} characters`);
  if (key.includes('\\')) refuse('backslashes are not allowed');
  if (key.startsWith('/')) refuse('absolute paths are not allowed');
  if (key.includes('..')) refuse('".." is not allowed');
  if (!KEY_CHARACTERS.test(key)) refuse('only letters, digits and . _ - / are allowed');
  for (const segment of key.split('/')) {
    if (segment === '') refuse('empty path segments (leading, trailing or double slashes) are not allowed');
    if (segment.startsWith('.')) refuse('path segments may not start with "."');
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The content type implied by a key's extension (.wav audio/wav, .mp3 audio/mpeg, else octet-stream). */
export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const extension = dot > key.lastIndexOf('/') ? key.slice(dot).toLowerCase() : '';
  return CONTENT_TYPES[extension] ?? DEFAULT_CONTENT_TYPE;
}

/** A content type safe to store and send as a header value (no control characters, not empty). */
export function normalizeContentType(contentType: string | undefined, key: string): string {
  const trimmed = (contentType ?? '').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (trimmed === '' || trimmed.length > 255 || /[\u0000-\u001f\u007f-\uffff]/.test(trimmed)) {
    return contentTypeForKey(key);
  }
  return trimmed;
}

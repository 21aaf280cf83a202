/** What our code needs of a logger: pino's instance fits, and so does a test's quiet stand-in. */
export interface Logger {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
  debug?: (obj: object, msg: string) => void;
}

/** The part a component that only reports problems needs. */
export type ProblemLogger = Pick<Logger, 'warn' | 'error'>;

// Types of ensure-chromium.mjs (a plain script so that it runs before anything is built or installed).
type Env = Record<string, string | undefined>;

export declare const CHROMIUM_CANDIDATES: readonly string[];
export declare const INSTALL_HINT: string;
export declare const APT_PACKAGES: readonly string[];

export declare function isExecutableFile(file: string): boolean;

export declare function findChromium(deps?: {
  env?: Env;
  isExecutable?: (file: string) => boolean;
}): { path: string; error?: undefined } | { path?: undefined; error?: string };

export declare function chromiumPath(): string;

export declare function planChromium(deps: {
  env: Env;
  isExecutable: (file: string) => boolean;
  isRoot: boolean;
}): { action: 'use'; path: string } | { action: 'install' } | { action: 'fail'; message: string };

export declare function ensureChromium(deps?: {
  env?: Env;
  isExecutable?: (file: string) => boolean;
  isRoot?: boolean;
  run?: (command: string, args: string[], env: Env) => boolean;
  log?: (line: string) => void;
  fail?: (line: string) => void;
}): string | undefined;

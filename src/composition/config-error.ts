// Relative: the build configuration (scripts/build/site-files.ts) loads this file without the @ alias.
import { BackendConfigError } from '../domain/errors.ts';

/**
 * The file a developer sets a command's `VITE_*` settings in: `vite` (the dev server, mode
 * `development`) reads `.env.local`, `vite build` (mode `production`) reads
 * `.env.production.local`, and another mode `m` reads `.env.m.local`.
 */
export const envFileOf = (mode: string): string =>
  mode === 'development' ? '.env.local' : `.env.${mode}.local`;

/**
 * A chosen backend cannot start because its configuration is incomplete. Its message is for the
 * developer (the console): it names the variables and the file to set them in. Students see a
 * Spanish sentence without variable names (src/ui/waitlist/waitlist-card.tsx).
 */
export class ConfigError extends BackendConfigError {
  readonly envFile: string;

  constructor(
    backend: string,
    missing: readonly string[],
    envFile: string = envFileOf(import.meta.env.MODE),
  ) {
    super(
      `The ${backend} backend is missing configuration: ${missing.join(', ')}. ` +
        `Set these variables in ${envFile} (see .env.example) and restart, or use VITE_BACKEND=memory.`,
      missing,
    );
    this.name = 'ConfigError';
    this.envFile = envFile;
  }
}

/** Throws a ConfigError naming every required variable that is unset or blank. */
export function requireEnv(
  backend: string,
  env: Readonly<Record<string, unknown>>,
  names: readonly string[],
): Record<string, string> {
  const missing = names.filter((n) => typeof env[n] !== 'string' || !env[n].trim());
  if (missing.length) throw new ConfigError(backend, missing);
  return Object.fromEntries(names.map((n) => [n, (env[n] as string).trim()]));
}

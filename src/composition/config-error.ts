/** A chosen backend cannot start because its configuration is incomplete. */
export class ConfigError extends Error {
  readonly missing: readonly string[];

  constructor(backend: string, missing: readonly string[]) {
    super(
      `The ${backend} backend is missing configuration: ${missing.join(', ')}. ` +
        'Set these variables in .env.local (see .env.example) or build with VITE_BACKEND=memory.',
    );
    this.name = 'ConfigError';
    this.missing = missing;
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

import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// .gitignore keeps every settings file and every service-account key out of git, whatever its
// name, and still versions the examples with fake values. Asked of git itself (check-ignore), so
// the test reads the rules exactly as `git add -A` will.
const ignored = (paths: string[]): string[] => {
  try {
    return execFileSync('git', ['check-ignore', '--no-index', '--stdin'], {
      input: paths.join('\n'),
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
  } catch (error) {
    // Exit code 1: none of the paths is ignored.
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
};

describe('.gitignore', () => {
  it('ignores every .env file, at any depth', () => {
    const envFiles = [
      '.env',
      '.env.local',
      '.env.production',
      '.env.production.local',
      '.env.development',
      '.env.staging',
      '.env.test',
      '.envrc',
      'functions/.env',
      'functions/.env.de-estudiantes',
      'functions/.env.local',
      'scripts/.env.backup',
    ];
    expect(ignored(envFiles)).toEqual(envFiles);
  });

  it('ignores service-account key files', () => {
    const keys = [
      'de-estudiantes-firebase-adminsdk-fbsvc-0a1b2c3d4e.json',
      'functions/de-estudiantes-firebase-adminsdk-abc12-0123456789.json',
      'service-account.json',
      'keys/prod-service-account.json',
      'serviceAccountKey.json',
      'service_account.json',
      'application_default_credentials.json',
    ];
    expect(ignored(keys)).toEqual(keys);
  });

  it('versions the examples, and the project files that look alike', () => {
    expect(
      ignored([
        '.env.example',
        '.env.emulators',
        'package.json',
        'functions/package.json',
        'firebase.json',
        'tsconfig.json',
        'src/env.d.ts',
      ]),
    ).toEqual([]);
  });

  it('ignores what a deploy writes: the hosting folder and its generated config', () => {
    expect(ignored(['dist-deploy/index.html', 'firebase.deploy.json'])).toEqual([
      'dist-deploy/index.html',
      'firebase.deploy.json',
    ]);
  });
});

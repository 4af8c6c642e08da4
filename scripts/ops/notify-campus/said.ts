// What the launch of a campus says on every backend (notify-campus/*.mjs, and mail-supabase.ts's
// `notify`, which the Supabase half runs).

/** The counts of one run of a campus's launch mailing. */
export interface LaunchCounts {
  readonly students: number;
  readonly queued: number;
  readonly already: number;
}

export const launchSaid = (
  campus: string,
  { students, queued, already }: LaunchCounts,
  dryRun: boolean,
): string =>
  dryRun
    ? `${campus}: ${students} students on the list; ${students - already} would get the launch ` +
      `e-mail now, ${already} already have it (dry run: nothing recorded or sent).`
    : `${campus}: ${students} students on the list; recorded ${queued} launch e-mails ` +
      `(${already} had one already).`;

import type { CampusState } from '@/domain/campus-progress';
import type { ConsoleCampus } from '@/domain/operator/console-records';

/** The states' names as the console writes them; a campus not yet in the catalogue: 'pendiente'. */
export const STATE_LABELS: Readonly<Record<CampusState | 'pendiente', string>> = {
  gathering: 'Reuniendo',
  opening: 'Por abrir',
  open: 'Abierto',
  pendiente: 'Pendiente',
};

export const stateLabel = (state: string): string =>
  STATE_LABELS[state as keyof typeof STATE_LABELS] ?? state;

/** The columns the table sorts by. */
export type SortKey =
  'name' | 'joined' | 'verified' | 'percent' | 'sellers' | 'requests' | 'state' | 'ready';

export interface Sort {
  readonly key: SortKey;
  readonly direction: 'ascending' | 'descending';
}

export interface CampusFilter {
  /** Matched against the campus's name and id, case and accents ignored. */
  readonly text: string;
  /** A state of the report ('gathering', …, 'pendiente'), or '' for any. */
  readonly state: string;
  readonly readyOnly: boolean;
}

/** Verified students as a share of the threshold, rounded down (null: a pending campus). */
export const percentOf = (campus: ConsoleCampus): number | null => {
  const { verified, threshold } = campus.report;
  return threshold ? Math.floor((verified / threshold) * 100) : null;
};

/** Students on the list who have not proved a university address: shown apart, count for nothing. */
export const unverifiedOf = (campus: ConsoleCampus): number =>
  Math.max(0, campus.report.joined - campus.report.verified);

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

const value = (campus: ConsoleCampus, key: SortKey): number | string => {
  switch (key) {
    case 'name':
      return fold(campus.name);
    case 'joined':
      return campus.report.joined;
    case 'verified':
      return campus.report.verified;
    case 'percent':
      return percentOf(campus) ?? -1;
    case 'sellers':
      return campus.report.sellersVerified;
    case 'requests':
      return campus.report.requests;
    case 'state':
      return campus.report.state;
    case 'ready':
      return campus.report.ready ? 1 : 0;
  }
};

/** The rows the filter keeps, in the sort's order (ties by campus id, so the order is stable). */
export function visibleCampuses(
  campuses: readonly ConsoleCampus[],
  filter: CampusFilter,
  sort: Sort,
): ConsoleCampus[] {
  const text = fold(filter.text);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return campuses
    .filter((c) => !text || fold(`${c.name} ${c.report.campus}`).includes(text))
    .filter((c) => !filter.state || c.report.state === filter.state)
    .filter((c) => !filter.readyOnly || c.report.ready)
    .sort((a, b) => {
      const x = value(a, sort.key);
      const y = value(b, sort.key);
      const order = x < y ? -1 : x > y ? 1 : 0;
      return sign * order || a.report.campus.localeCompare(b.report.campus);
    });
}

/** A click on a column's head: that column descending (names ascending), or the other way. */
export const nextSort = (sort: Sort, key: SortKey): Sort =>
  sort.key === key
    ? { key, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
    : { key, direction: key === 'name' || key === 'state' ? 'ascending' : 'descending' };

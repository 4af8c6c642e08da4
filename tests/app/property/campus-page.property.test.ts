import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pendingCampusIdOf } from '@/domain/campus-request-rule';
import {
  campusIdOfPath,
  campusLinkOf,
  campusPagePath,
  campusPosterPath,
  isCampusPageId,
} from '@/domain/campus-page';
import { CAMPUS_PAGE_IDS } from '@/data/campus-pages';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { catalogueCampuses } from '@/ui/campus/catalogue-campuses';
import {
  campusPageMeta,
  decodePageCampus,
  encodePageCampus,
  type PageCampus,
} from '@/ui/campus/page-campus';
import { routeFor } from '@/ui/route';
import { inviteLink } from '@/ui/waitlist/invite-link';

const SITE = 'https://deestudiantes.mx';
const campuses = catalogueCampuses();
const metas = campuses.map((campus) => campusPageMeta(campus, SITE));

describe('campus pages (issue 60)', () => {
  it('every catalogue campus has a page, and nothing else has one', () => {
    expect(campuses.map((c) => c.college.id)).toEqual(COLLEGE_CATALOGUE.map((c) => c.id));
    expect(CAMPUS_PAGE_IDS.size).toBe(COLLEGE_CATALOGUE.length);
    expect(campuses.length).toBeGreaterThanOrEqual(107);
  });

  it('every page has its own title, description, canonical address, image and poster', () => {
    for (const field of ['title', 'description', 'url', 'imagePath', 'posterPath'] as const) {
      expect(new Set(metas.map((m) => m[field])).size, field).toBe(campuses.length);
    }
    campuses.forEach((campus, i) => {
      const meta = metas[i]!;
      const { id, shortName, name } = campus.college;
      expect(meta.url).toBe(`${SITE}/campus/${id}`);
      expect(meta.imagePath).toBe(`/og/campus/${id}.png`);
      expect(meta.posterPath).toBe(`/campus/${id}/cartel`);
      expect(meta.title).toContain(shortName);
      expect(meta.description).toContain(name);
      expect(meta.description).toContain(campus.city);
      // Search engines cut titles near 60 characters and descriptions near 160: the campus
      // comes first in both, and neither runs far past.
      expect(meta.title.length).toBeLessThanOrEqual(90);
      expect(meta.description.length).toBeLessThanOrEqual(260);
    });
  });

  it('no id escapes its path: a page is made only for a lowercase slug', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (id) => {
        if (isCampusPageId(id)) {
          expect(campusPagePath(id)).toMatch(/^\/campus\/[a-z0-9]+(-[a-z0-9]+)*$/);
          expect(campusIdOfPath(campusPagePath(id))).toBe(id);
          expect(campusIdOfPath(campusPosterPath(id))).toBeNull();
        } else {
          expect(() => campusPagePath(id)).toThrow(RangeError);
          // Only a slug's own path reads back ('a/' and 'a.html' are the page of 'a').
          const read = campusIdOfPath(`/campus/${id}`);
          if (read !== null) expect([`${read}/`, `${read}.html`]).toContain(id);
        }
      }),
    );
    for (const bad of ['../x', 'a/b', 'A', 'a b', '', 'x'.repeat(65), '%2e%2e', 'a--b', '-a']) {
      expect(isCampusPageId(bad), bad).toBe(false);
    }
    expect(campusIdOfPath('/campus/udg-cucei/')).toBe('udg-cucei');
    expect(campusIdOfPath('/campus/udg-cucei.html')).toBe('udg-cucei');
    expect(campusIdOfPath('/campus/udg-cucei/cartel')).toBeNull();
    expect(routeFor('/campus/udg-cucei')).toBe('campus');
    expect(routeFor('/campus/no-existe')).toBe('campus');
    expect(routeFor('/campus/')).toBe('not-found');
    expect(routeFor('/campus/../aviso-de-privacidad')).toBe('not-found');
  });

  it('links land on the campus page when it has one, else on the landing page', async () => {
    expect(campusLinkOf(SITE, 'udg-cucei', 'ABCDEFGH')).toBe(
      `${SITE}/campus/udg-cucei?ref=ABCDEFGH`,
    );
    expect(campusLinkOf(`${SITE}/`, null, 'ABCDEFGH')).toBe(`${SITE}/?ref=ABCDEFGH`);
    expect(campusLinkOf(SITE, 'udg-cucei')).toBe(`${SITE}/campus/udg-cucei`);
    expect(campusLinkOf(SITE, '../x', 'ABCDEFGH')).toBe(`${SITE}/?ref=ABCDEFGH`);
    expect(inviteLink(SITE, 'ABCDEFGH', 'udg-cucei')).toBe(`${SITE}/campus/udg-cucei?ref=ABCDEFGH`);
    // A pending campus (its name is a student's text) and a campus added after the build: none.
    const pending = await pendingCampusIdOf('mi campus|guadalajara');
    expect(inviteLink(SITE, 'ABCDEFGH', pending)).toBe(`${SITE}/?ref=ABCDEFGH`);
    expect(inviteLink(SITE, 'ABCDEFGH', 'nuevo-campus')).toBe(`${SITE}/?ref=ABCDEFGH`);
    expect(inviteLink(SITE, 'ABCDEFGH', null)).toBe(`${SITE}/?ref=ABCDEFGH`);
  });

  it("a page's campus is read back from the page exactly, and anything malformed is none", () => {
    for (const campus of campuses) {
      expect(decodePageCampus(encodePageCampus(campus))).toEqual(campus);
    }
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (value) => {
        const campus: PageCampus | null = decodePageCampus(value);
        if (campus) {
          expect(typeof campus.college.id).toBe('string');
          expect(campus.city.trim()).not.toBe('');
        }
      }),
    );
    for (const bad of [undefined, null, '', '{', '[]', '{"id":"x"}', '{"id":"x","name":"y"}']) {
      expect(decodePageCampus(bad)).toBeNull();
    }
  });
});

// `report` on Firebase: the records as the Admin SDK reads them (verified: the functions' campus
// records, `campusMembers`). Credentials and emulators: shared/firebase.mjs.
import { firebase, isoDate } from '../shared/firebase.mjs';
import { firestoreNames, projectModule } from '../shared/project.mjs';

/** The project's Firestore, the collections' names and the domain's pending-campus id. */
async function open(options) {
  const { db } = firebase(options);
  const [names, { pendingCampusIdOf }] = await Promise.all([
    firestoreNames(),
    projectModule('src/domain/campus-request-rule.ts'),
  ]);
  return { db, names, pendingCampusIdOf };
}

/** The records of the launch report (LaunchReportInput), as the Admin SDK reads them. */
export async function launchInput(options) {
  const { db, names, pendingCampusIdOf } = await open(options);
  const [entries, members, invites, sellers, sources, milestones, requests, added, settings] =
    await Promise.all([
      db.collection(names.waitlist).select('collegeId').get(),
      db.collection(names.campusMembers).get(),
      db.collection(names.invites).select('inviter').get(),
      db.collection(names.sellerChoices).get(),
      db.collection(names.joinSources).get(),
      db.collection(names.campusMilestones).get(),
      db.collection(names.campusRequests).select('key', 'name', 'uid').get(),
      db.collection(names.addedCampuses).get(),
      db.collection(names.campusSettings).get(),
    ]);
  const member = new Map(members.docs.map((d) => [d.id, d.data()]));
  const campusOf = new Map(entries.docs.map((d) => [d.id, String(d.get('collegeId'))]));
  const verified = (uid) =>
    member.get(uid)?.verified === true && member.get(uid)?.collegeId === campusOf.get(uid);
  const addedAs = new Map(added.docs.map((d) => [d.id, String(d.get('collegeId'))]));
  const byKey = new Map();
  for (const d of requests.docs) {
    const key = String(d.get('key'));
    const held = byKey.get(key) ?? { name: String(d.get('name')), requests: 0, requesters: [] };
    held.requests++;
    // Who asked (`{uid}__{digest}`): the verified among them are counted apart (issue 59).
    held.requesters.push(String(d.get('uid') ?? d.id.split('__')[0]));
    byKey.set(key, held);
  }
  return {
    entries: entries.docs.map((d) => ({
      uid: d.id,
      collegeId: campusOf.get(d.id),
      verified: verified(d.id),
    })),
    // Credits that count now: the invitee verified at the inviter's campus.
    invited: invites.docs
      .filter((d) => verified(d.id) && campusOf.get(d.id) === campusOf.get(d.get('inviter')))
      .map((d) => d.id),
    sellers: sellers.docs.map((d) => ({ uid: d.id, categories: d.get('categories') ?? [] })),
    sources: sources.docs.map((d) => ({
      uid: d.id,
      source: d.get('source') ?? null,
      medium: d.get('medium') ?? null,
      campaign: d.get('campaign') ?? null,
    })),
    milestones: milestones.docs.flatMap((d) =>
      (d.get('reached') ?? []).map((milestone) => ({ collegeId: d.id, milestone })),
    ),
    requests: await Promise.all(
      [...byKey.entries()].map(async ([key, r]) => {
        const pendingId = await pendingCampusIdOf(key);
        return {
          pendingId,
          name: r.name,
          requests: r.requests,
          addedAs: addedAs.get(pendingId) ?? null,
          requesters: r.requesters,
        };
      }),
    ),
    settings: Object.fromEntries(
      settings.docs.map((d) => [
        d.id,
        {
          threshold: d.get('threshold'),
          state: d.get('state'),
          sellerMinimum: d.get('sellerMinimum'),
        },
      ]),
    ),
  };
}

/** The records of the named CSV reports (report/campus-report.mjs). */
export async function reportInput(options) {
  const { db, names, pendingCampusIdOf } = await open(options);
  const [entries, members, invites, settings, requests, failures, drops] = await Promise.all([
    db.collection(names.waitlist).get(),
    db.collection(names.campusMembers).get(),
    db.collection(names.invites).select().get(),
    db.collection(names.campusSettings).get(),
    db.collection(names.campusRequests).get(),
    db.collection(names.failureCounts).get(),
    db.collection(names.failureDrops).get(),
  ]);
  const verified = new Set(members.docs.filter((d) => d.get('verified') === true).map((d) => d.id));
  return {
    entries: entries.docs.map((d) => ({
      uid: d.id,
      collegeId: String(d.get('collegeId')),
      joinedAt: isoDate(d.get('timestamp')) || '',
      verified: verified.has(d.id),
      email: String(d.get('email') ?? ''),
    })),
    invited: invites.docs.map((d) => d.id),
    settings: Object.fromEntries(
      settings.docs.map((d) => [
        d.id,
        { threshold: d.get('threshold'), state: d.get('state'), opensOn: d.get('opensOn') ?? '' },
      ]),
    ),
    requests: await Promise.all(
      requests.docs.map(async (d) => ({
        key: String(d.get('key')),
        pendingId: await pendingCampusIdOf(String(d.get('key'))),
        name: String(d.get('name')),
        city: String(d.get('city')),
        at: isoDate(d.get('at')),
      })),
    ),
    failures: failures.docs.map((d) => ({
      day: String(d.get('day')),
      kind: String(d.get('kind')),
      code: String(d.get('code')),
      count: Number(d.get('count') ?? 0),
    })),
    failureDrops: drops.docs.map((d) => ({
      day: String(d.get('day')),
      dropped: Number(d.get('dropped') ?? 0),
    })),
  };
}

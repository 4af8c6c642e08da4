// The arguments of `campus:add` (issue 49), the same on every backend: a pending campus's id
// (src/domain/campus-request-rule.ts, PENDING_CAMPUS_PATTERN), a new college id (src/domain/
// college.ts's rule, never a pending one), and optional names of one line each.
import { fail } from './admin.mjs';

const PENDING = /^pendiente-[0-9a-f]{24}$/;
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NAME_LENGTH = 120;

const optionalName = (value, flag, usage) => {
  if (value === undefined) return null;
  const text = String(value).replace(/\s+/g, ' ').trim();
  // eslint-disable-next-line no-control-regex
  if (!text || text.length > NAME_LENGTH || /[\u0000-\u001f\u007f<>]/.test(text)) {
    fail(`${flag} is a name of 1 to ${NAME_LENGTH} characters.\n${usage}`);
  }
  return text;
};

/** `{ request, id, name, short }` of the command line, or exit 2 with the usage. */
export function checkedAddition(options, usage) {
  if (!PENDING.test(options.request ?? '')) {
    fail(`--request needs a pending campus's id (pendiente- and 24 hex digits).\n${usage}`);
  }
  const id = options.id ?? '';
  if (!ID.test(id) || id.length > 64 || id.startsWith('pendiente-')) {
    fail(`--id needs a new college id such as ucol-manzanillo.\n${usage}`);
  }
  return {
    request: options.request,
    id,
    name: optionalName(options.name, '--name', usage),
    short: optionalName(options.short, '--short', usage),
  };
}

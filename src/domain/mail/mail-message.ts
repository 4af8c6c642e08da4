/**
 * The e-mails of the waitlist (issue 25), in Spanish (es-MX), as plain text and HTML:
 * - the welcome, sent once per entry within minutes of joining, with the campus, its progress
 *   (floored as the page shows it) and the student's invite link when the server has them;
 * - the launch, sent once per student when an operator opens their campus;
 * - the code that verifies a university address (issue 48), a transactional message;
 * - a campus's milestone (issue 49): 25, 50, 75 or 100 percent of its threshold reached, with the
 *   figure (never under the floor) and the student's invite link;
 * - a requested campus added to the catalogue (issue 49), to each student who asked for it.
 * The welcome and the launch say how to leave, with the student's personal link; the code goes to
 * an address the student typed, which may not be theirs, so it carries no link that acts on the
 * account. Everything a student or an operator
 * wrote (the name, a campus's name) is text: escaped in HTML, and kept to one line in a subject.
 * This module imports nothing: the Cloud Functions copy it as it is (functions/src/mirror/domain/mail/).
 */

export const MAIL_KINDS = ['welcome', 'launch', 'code', 'milestone', 'campus-added'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const SITE_NAME = 'De estudiantes a estudiantes';

export interface MailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** A campus's progress as the page may show it: `verified` is null under the floor. */
export interface MailProgress {
  readonly verified: number | null;
  readonly threshold: number;
}

export interface MailFacts {
  readonly kind: MailKind;
  /** The student's name as their sign-in gave it ('' when none); greeted through greetingName. */
  readonly name: string;
  /** The campus as the page names it ('UDG - CUCEI'). */
  readonly campus: string;
  /** The site's address, without a trailing slash. */
  readonly siteUrl: string;
  /**
   * The campus's page (`/campus/<id>`, issue 60), when it has one: where the launch's and a
   * campus-added message's link lands instead of the site's.
   */
  readonly campusUrl?: string | null;
  /** The student's personal `/salir?token=…` address (none in a code's message). */
  readonly leaveUrl: string | null;
  /** Welcome and milestone: the student's invite link, when they have a code. */
  readonly inviteUrl?: string | null;
  /** Welcome and milestone: the campus's progress, when the server gave it. */
  readonly progress?: MailProgress | null;
  /** Milestone only: the percent of the threshold reached (25, 50, 75 or 100). */
  readonly milestone?: number | null;
  /** Code only: the six digits, and for how many minutes they are valid. */
  readonly code?: string;
  readonly codeMinutes?: number;
}

/** One line of at most `max` characters: control characters and runs of spaces become one space. */
export function oneLine(value: string, max = 120): string {
  // eslint-disable-next-line no-control-regex
  const line = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** The most characters of a name the greeting carries. */
export const MAX_GREETING_NAME = 40;

/**
 * The name a message greets with (issue 51): a student can set their account's display name to
 * anything, and our domain's DKIM signs what we send, so a name like 'Tu cuenta será suspendida:
 * entra a https://…' must never reach an inbox. Letters (any script, with their accents), spaces,
 * apostrophes and hyphens only; whole words up to MAX_GREETING_NAME characters; anything else
 * anywhere in it (a digit, a URL, punctuation that makes a sentence, a control or format
 * character) and there is no name at all: the message says 'Hola:'.
 */
export function greetingName(value: string): string {
  const name = value.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!/^[\p{L}\p{M}'’\- ]+$/u.test(name) || !/\p{L}/u.test(name)) return '';
  let kept = '';
  for (const word of name.split(' ')) {
    const next = kept ? `${kept} ${word}` : word;
    if (next.length > MAX_GREETING_NAME) break;
    kept = next;
  }
  return kept;
}

/** Text as HTML text or attribute value. */
export const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function progressLine(progress: MailProgress | null | undefined): string | null {
  if (!progress) return null;
  if (progress.verified === null) {
    return 'Tu campus apenas está empezando: cada compañero que se une con su correo institucional lo acerca a abrir.';
  }
  const missing = Math.max(0, progress.threshold - progress.verified);
  const count = `${progress.verified} de ${progress.threshold} estudiantes verificados`;
  if (missing === 0) return `Tu campus ya reunió a los estudiantes para abrir (${count}).`;
  return missing === 1
    ? `Tu campus lleva ${count}: falta 1 estudiante para abrir.`
    : `Tu campus lleva ${count}: faltan ${missing} estudiantes para abrir.`;
}

interface Paragraph {
  readonly text: string;
  readonly link?: { readonly label: string; readonly url: string };
}

function compose(
  subject: string,
  greeting: string,
  body: readonly Paragraph[],
  leaveUrl: string | null,
) {
  const leave: Paragraph[] = leaveUrl
    ? [
        {
          text: 'Si ya no quieres estar en la lista de espera, puedes salir con un clic; borraremos tu registro y tu cuenta.',
          link: { label: 'Salir de la lista de espera', url: leaveUrl },
        },
      ]
    : [];
  const paragraphs = [...body, ...leave];
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [
      p.link ? `${p.text}\n${p.link.label}: ${p.link.url}` : p.text,
      '',
    ]),
    SITE_NAME,
  ].join('\n');
  const htmlParagraphs = paragraphs
    .map((p) => {
      const link = p.link
        ? `<br><a href="${escapeHtml(p.link.url)}" style="color:#4338ca">${escapeHtml(p.link.label)}</a>`
        : '';
      return `<p style="margin:0 0 16px">${escapeHtml(p.text)}${link}</p>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="es-MX">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#111827;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${htmlParagraphs}
<p style="margin:24px 0 0;color:#4b5563">${escapeHtml(SITE_NAME)}</p>
</body>
</html>
`;
  return { subject, text, html };
}

/** The message for these facts: its subject, plain text and HTML. */
export function mailContent(facts: MailFacts): MailContent {
  const name = greetingName(facts.name);
  const campus = oneLine(facts.campus, 120) || 'tu campus';
  // A sentence that starts with the campus: a pending one is 'tu campus (pendiente)' (issue 59).
  const Campus = campus.charAt(0).toUpperCase() + campus.slice(1);
  const greeting = name ? `Hola, ${name}:` : 'Hola:';
  if (facts.kind === 'code') {
    const code = /^\d{6}$/.test(facts.code ?? '') ? facts.code! : null;
    if (!code) throw new RangeError('A code message needs its six digits');
    const minutes = facts.codeMinutes ?? 15;
    return compose(
      oneLine(`${code} es tu código de ${SITE_NAME}`, 160),
      'Hola:',
      [
        {
          text: `Tu código para verificar tu correo universitario y contar en el avance de ${campus} es: ${code}`,
        },
        { text: `Escríbelo en la página en los próximos ${minutes} minutos.` },
        {
          text: 'Si tú no lo pediste, ignora este correo: nadie puede usar tu dirección sin este código.',
        },
        { text: SITE_NAME, link: { label: 'Ir a la página', url: facts.siteUrl } },
      ],
      null,
    );
  }
  if (facts.kind === 'milestone') {
    const percent = [25, 50, 75, 100].includes(facts.milestone ?? 0) ? facts.milestone! : null;
    const progress = facts.progress;
    // Never a figure under the floor: the backends record a milestone only past it.
    if (!percent || !progress || progress.verified === null) {
      throw new RangeError('A milestone message needs its percent and its figure');
    }
    const body: Paragraph[] = [
      {
        text:
          percent === 100
            ? `¡${Campus} llegó a su meta! Ya son ${progress.verified} de ${progress.threshold} estudiantes verificados: pronto te avisaremos cuándo abre.`
            : `${Campus} ya va en el ${percent}% de su meta: ${progress.verified} de ${progress.threshold} estudiantes verificados.`,
      },
    ];
    if (facts.inviteUrl) {
      body.push({
        text: 'Invita a tus compañeros: cada uno que se une y verifica su correo acerca la apertura.',
        link: { label: 'Tu enlace', url: facts.inviteUrl },
      });
    }
    return compose(
      oneLine(
        percent === 100
          ? `¡${Campus} llegó a su meta!`
          : `${Campus} ya va en el ${percent}% de su meta`,
        160,
      ),
      greeting,
      body,
      facts.leaveUrl,
    );
  }
  if (facts.kind === 'campus-added') {
    return compose(
      'Ya puedes unirte: tu campus está en la lista',
      greeting,
      [
        {
          text: `Pediste ${campus} y ya está en la lista de ${SITE_NAME}. Si te uniste a él como campus pendiente, tu registro ya está en su lista de espera; si no, puedes unirte ahora.`,
          link: { label: 'Ir a la página', url: facts.campusUrl || facts.siteUrl },
        },
      ],
      facts.leaveUrl,
    );
  }
  if (facts.kind === 'launch') {
    return compose(
      oneLine(`¡El marketplace ya abrió en ${campus}!`, 160),
      greeting,
      [
        {
          text: `Te avisamos, como prometimos: ${SITE_NAME} ya está disponible en ${campus}. Ya puedes comprar y vender con tus compañeros.`,
          link: { label: 'Entrar al marketplace', url: facts.campusUrl || facts.siteUrl },
        },
      ],
      facts.leaveUrl,
    );
  }
  const body: Paragraph[] = [
    {
      text: `Ya estás en la lista de espera de ${SITE_NAME} para ${campus}. Te escribiremos cuando el marketplace esté disponible en tu campus.`,
    },
  ];
  const progress = progressLine(facts.progress);
  if (progress) body.push({ text: progress });
  if (facts.inviteUrl) {
    body.push({
      text: 'Invita a tus compañeros: cuantos más se unan, antes abre tu campus.',
      link: { label: 'Tu enlace', url: facts.inviteUrl },
    });
  }
  return compose(
    oneLine(`Ya estás en la lista de espera de ${campus}`, 160),
    greeting,
    body,
    facts.leaveUrl,
  );
}

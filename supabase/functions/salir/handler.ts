/**
 * The one-click leave of the e-mails' List-Unsubscribe header (RFC 8058) on the Supabase backend
 * (issue 25): a mail provider POSTs `List-Unsubscribe=One-Click` to this address, and the database
 * does what the /salir page does (`public.leave_by_link`, with the token's signature checked
 * there). A person who opens the address instead is sent to the page, which asks first. Web
 * standards only (Request, Response, fetch): Deno runs it (index.ts), and so do the tests.
 */
export interface SalirSettings {
  /** The project's address and its public anon key (what the page uses). */
  readonly supabaseUrl: string;
  readonly anonKey: string;
  /** The site's address: its /salir page. */
  readonly siteUrl: string;
  readonly fetch?: typeof fetch;
}

const STATES = ['left', 'used', 'malformed', 'invalid', 'expired', 'stopped'];
const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * An absolute http(s) address (https but for this machine's own, as the tests' stand-in is), or
 * null: what each address setting must be.
 */
function siteAddress(value: string): URL | null {
  try {
    const url = new URL(value);
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    return url.protocol === 'https:' || (local && url.protocol === 'http:') ? url : null;
  } catch {
    return null;
  }
}

/**
 * The handler, or a thrown error naming the setting that is missing (issue 51): without SITE_URL
 * a person opening their link would be sent nowhere, so the function refuses to start at all.
 */
export function createSalirHandler(
  settings: SalirSettings,
): (request: Request) => Promise<Response> {
  const problems = [
    siteAddress(settings.siteUrl ?? '') ? null : 'SITE_URL (the site, https://…)',
    siteAddress(settings.supabaseUrl ?? '') ? null : 'SUPABASE_URL',
    settings.anonKey ? null : 'SUPABASE_ANON_KEY',
  ].filter((p): p is string => p !== null);
  if (problems.length) {
    throw new Error(`The salir function needs ${problems.join(', ')}: set it and deploy again`);
  }
  const send = settings.fetch ?? fetch;
  const site = settings.siteUrl.replace(/\/+$/, '');
  return async (request) => {
    const token = new URL(request.url).searchParams.get('token') ?? '';
    if (request.method === 'GET' || request.method === 'HEAD') {
      return new Response(null, {
        status: 303,
        headers: { Location: `${site}/salir?token=${encodeURIComponent(token)}` },
      });
    }
    if (request.method !== 'POST') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } });
    }
    const body = (await request.text()).slice(0, 1000);
    if (new URLSearchParams(body).get('List-Unsubscribe') !== 'One-Click') {
      return text('Expected List-Unsubscribe=One-Click (RFC 8058).', 400);
    }
    let state: unknown;
    try {
      const answer = await send(
        `${settings.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/leave_by_link`,
        {
          method: 'POST',
          headers: {
            apikey: settings.anonKey,
            Authorization: `Bearer ${settings.anonKey}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ token }),
        },
      );
      state = answer.ok ? await answer.json() : null;
    } catch {
      state = null;
    }
    if (typeof state !== 'string' || !STATES.includes(state)) {
      return text('No pudimos sacarte de la lista de espera. Por favor intenta nuevamente.', 503);
    }
    // Left now or before: done (a provider may POST twice). A bad token deletes nothing.
    if (state === 'left' || state === 'used') return text('Saliste de la lista de espera.', 200);
    // An expired link still stops the e-mails (issue 51): the unsubscribe worked.
    if (state === 'stopped') return text('Ya no te enviaremos correos.', 200);
    return text('Este enlace no es válido o ya venció. No borramos nada.', 400);
  };
}

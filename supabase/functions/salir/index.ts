// The Edge Function `salir` (supabase/functions/salir/handler.ts): deployed with
// `supabase functions deploy salir --no-verify-jwt` (a mail provider sends no Supabase token).
// SUPABASE_URL and SUPABASE_ANON_KEY are set by Supabase; SITE_URL is a secret of the project
// (`supabase secrets set SITE_URL=https://…`), docs/deploy-supabase.md. Without one of them the
// handler throws here, and the function does not start (its logs name what is missing).
import { createSalirHandler } from './handler.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): void;
};

Deno.serve(
  createSalirHandler({
    supabaseUrl: Deno.env.get('SUPABASE_URL') ?? '',
    anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    siteUrl: Deno.env.get('SITE_URL') ?? '',
  }),
);

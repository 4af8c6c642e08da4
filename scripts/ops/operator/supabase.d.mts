// Types of supabase.mjs for the TypeScript tests (tests/supabase/operator-role.test.ts).
export function setOperator(
  options: { readonly db?: string },
  usage: string,
  change: { readonly email: string; readonly grant: boolean },
): Promise<{ uid: string; email: string; changed: boolean }>;
export function recount(options: { readonly db?: string }, usage: string): Promise<number>;

// `operator` on Supabase: written by the Supabase side of issue 61 (this placeholder keeps the
// command's halves side by side until it lands; take that version on merge).
export async function setOperator() {
  throw new Error('the Supabase half of `npm run operator` is not here yet.');
}

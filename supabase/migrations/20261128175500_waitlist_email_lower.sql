-- Issue 59, point 5: the address checks (private.address_taken, counts_for, count_verification)
-- read the sign-in address in lower case; an index for them, so a code request or a verification
-- does not read the whole waitlist (supabase/tests/code_sends.test.sql checks the plan).
create index waitlist_email_lower on public.waitlist (lower(email));

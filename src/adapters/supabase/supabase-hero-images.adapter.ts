import type { HeroImages } from '@/ports/hero-images.port';
import { heroImagesFrom } from '@/domain/hero-image';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/** The SQL function of supabase/migrations: consented students' https avatars, callable by anyone. */
export const HERO_IMAGES_FUNCTION = 'get_hero_profile_images';
/** Spec section 9: the backend function time-out. */
export const HERO_IMAGES_TIMEOUT_MS = 70_000;

/**
 * Hero avatars from `get_hero_profile_images()`, made without sign-in. Its rows (`photoURL`,
 * `imageData`) go through the domain's image rule, which drops unsafe sources: a malformed row,
 * or an answer that is not a list, gives no image, never a crash.
 */
export function createSupabaseHeroImages(client: SupabaseClientLoader): HeroImages {
  const calls = supabaseCalls(client);
  return {
    async load() {
      // Any shape: the domain's rule reads it.
      const rows = await calls.rpc(HERO_IMAGES_FUNCTION, undefined, HERO_IMAGES_TIMEOUT_MS);
      return heroImagesFrom(rows);
    },
  };
}

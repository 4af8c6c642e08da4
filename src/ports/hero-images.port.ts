import type { HeroImage } from '@/domain/hero-image';

/** The avatars of students who agreed to be shown in the hero strip. */
export interface HeroImages {
  /** Images already passed through the domain's acceptance rule; rejects on failure. */
  load(): Promise<HeroImage[]>;
}

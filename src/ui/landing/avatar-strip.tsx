import { useEffect, useRef, useState } from 'react';
import { nextTask } from '@/shared/next-task';
import { avatarSources, type HeroImage } from '@/domain/hero-image';
import { cn } from '@/ui/components/cn';
import { useInView } from '@/ui/hooks/use-in-view';
import { useAppStore } from '@/ui/store/store-context';

/** Slots in the strip: 5 placeholders while loading, and at most 5 avatars (spec section 9). */
export const AVATAR_SLOTS = 5;

/** The generic placeholder an avatar falls back to when its sources fail. */
export const GENERIC_AVATAR =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#e2e8f0"/><circle cx="20" cy="16" r="7" fill="#94a3b8"/><path d="M6 38c2-8 8-12 14-12s12 4 14 12" fill="#94a3b8"/></svg>',
  );

const SLOT = 'size-10 rounded-full ring-2 ring-white sm:size-11';

function Avatar({ image, index, visible }: { image: HeroImage; index: number; visible: boolean }) {
  const sources = avatarSources(image, GENERIC_AVATAR);
  const [attempt, setAttempt] = useState(0);
  return (
    <img
      src={sources[Math.min(attempt, sources.length - 1)]}
      alt=""
      width={44}
      height={44}
      decoding="async"
      data-testid="hero-avatar"
      onError={() => setAttempt((a) => Math.min(a + 1, sources.length - 1))}
      style={{ animationDelay: `${index * 90}ms` }}
      className={cn(
        SLOT,
        'bg-slate-200 object-cover',
        visible ? 'motion-safe:animate-avatar-in' : 'motion-safe:opacity-0',
      )}
    />
  );
}

/**
 * How many of `total` avatars to mount: one more per frame. Each avatar is an image the browser
 * starts as it is added (an SVG one, like the generic placeholder, makes a small document of its
 * own), so five at once made one long task; one per frame keeps each short. Their entrance is
 * staggered anyway, and the strip keeps its height while it fills (no layout shift).
 */
function useOneByOne(total: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= total) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setCount((c) => c + 1), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total]);
  return Math.min(count, total);
}

/** The hero's strip of student avatars (spec section 4, hero avatar strip). */
export function AvatarStrip() {
  const status = useAppStore((s) => s.heroStatus);
  const images = useAppStore((s) => s.heroImages);
  const loadHeroImages = useAppStore((s) => s.loadHeroImages);
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);

  useEffect(() => {
    // In a task of its own, not in the hero's hydration: the first call loads the backend's code.
    let live = true;
    void nextTask().then(() => {
      if (live) void loadHeroImages();
    });
    return () => {
      live = false;
    };
  }, [loadHeroImages]);

  const shown = status === 'loaded' ? images.slice(0, AVATAR_SLOTS) : [];
  const mounted = useOneByOne(shown.length);
  return (
    <div
      ref={ref}
      className="flex h-10 w-[9.5rem] -space-x-3 sm:h-11 sm:w-[10.75rem]"
      data-testid="avatar-strip"
      data-status={shown.length ? 'images' : status === 'loading' ? 'loading' : 'placeholders'}
      aria-hidden="true"
    >
      {shown.length
        ? shown
            .slice(0, mounted)
            .map((image, i) => (
              <Avatar
                key={`${i}-${image.imageData ?? image.photoURL}`}
                image={image}
                index={i}
                visible={inView}
              />
            ))
        : // Grey (spec section 4), and still: a pulse drew a frame every 16 ms through start-up.
          Array.from({ length: AVATAR_SLOTS }, (_, i) => (
            <span
              key={i}
              data-testid="avatar-placeholder"
              className={cn(SLOT, 'inline-block bg-slate-300')}
            />
          ))}
    </div>
  );
}

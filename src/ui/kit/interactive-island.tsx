import { createContext, type ReactNode, useContext } from 'react';

/** The interactive parts of the landing page, each hydrated as its own React root. */
export type InteractiveIslandId =
  'hero-proof' | 'faq' | 'stats' | 'waitlist-card' | 'year' | 'scroll-to-top';

export type InteractiveIslands = Partial<Record<InteractiveIslandId, ReactNode | string>>;

const InteractiveIslandsContext = createContext<InteractiveIslands>({});
export const InteractiveIslandsProvider = InteractiveIslandsContext.Provider;

/**
 * Where an interactive island sits in the page. The prerender renders each island on its own
 * (src/ui/boot/prerender.tsx) and passes its HTML here as a string; the browser then hydrates each
 * island as a separate root (src/ui/boot/hydrate-islands.ts), one task at a time, so no single
 * task hydrates the whole page, and the page around the islands is never hydrated. In
 * `npm run dev` (no prerender) the island's React nodes are rendered in place.
 * The wrapper is `display: contents`, so it changes no layout.
 */
export function InteractiveIsland({
  id,
  as: Tag = 'div',
}: {
  id: InteractiveIslandId;
  as?: 'div' | 'span';
}) {
  const content = useContext(InteractiveIslandsContext)[id];
  if (content !== undefined && typeof content !== 'string') {
    return (
      <Tag className="contents" data-hydrate={id}>
        {content}
      </Tag>
    );
  }
  return (
    <Tag
      className="contents"
      data-hydrate={id}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: content ?? '' }}
    />
  );
}

import { createContext, type ReactNode, useContext } from 'react';

/** The static parts of the page, by id (see src/ui/boot/static-island-nodes.tsx). */
export type StaticIslandId =
  'header' | 'phones' | 'features' | 'steps' | 'offerings' | 'testimonials';
export type StaticIslands = Partial<Record<StaticIslandId, ReactNode | string>>;

const StaticIslandsContext = createContext<StaticIslands>({});
export const StaticIslandsProvider = StaticIslandsContext.Provider;

/**
 * Markup with no behaviour that the browser never hydrates: at build time the prerender renders it
 * to HTML; the client keeps that HTML and ships none of its code (a "static island"). React does
 * not touch `dangerouslySetInnerHTML` content while hydrating, and this element never re-renders
 * with other content. In `npm run dev` (no prerender) the island's React nodes are rendered.
 */
export function StaticIsland({ id, className }: { id: StaticIslandId; className?: string }) {
  const content = useContext(StaticIslandsContext)[id];
  if (content !== undefined && typeof content !== 'string') {
    return (
      <div className={className} data-island={id}>
        {content}
      </div>
    );
  }
  return (
    <div
      className={className}
      data-island={id}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: content ?? '' }}
    />
  );
}

/** The header's section links (spec section 2). */
export const NAV_LINKS = [
  { href: '#features', label: 'Características' },
  { href: '#how-it-works', label: 'Funcionamiento' },
  { href: '#faq', label: 'Preguntas' },
  { href: '#testimonials', label: 'Testimonios' },
] as const;

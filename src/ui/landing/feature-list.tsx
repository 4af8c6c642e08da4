import { Bell, LayoutDashboard, Link2, MapPin, MessageCircle, Sparkles } from 'lucide-react';

/** The features of spec section 1. */
export const FEATURES = [
  {
    icon: Bell,
    title: 'Notificaciones instantáneas',
    text: 'Entérate al momento cuando alguien solicita tu producto o servicio.',
  },
  {
    icon: MapPin,
    title: 'Geolocalización en tiempo real',
    text: 'Encuentra compradores y vendedores cerca de ti dentro del campus.',
  },
  {
    icon: MessageCircle,
    title: 'Mensajería segura',
    text: 'Coordina pedidos y entregas con el chat integrado, sin compartir tu número.',
  },
  {
    icon: LayoutDashboard,
    title: 'Panel de administración',
    text: 'Gestiona tus productos, servicios y pedidos desde un solo lugar.',
  },
  {
    icon: Link2,
    title: 'Perfiles con enlaces cortos',
    text: 'Comparte tu perfil de vendedor con un enlace corto y fácil de recordar.',
  },
  {
    icon: Sparkles,
    title: 'Y mucho más',
    text: 'Estamos construyendo más funciones junto con la comunidad estudiantil.',
  },
] as const;

/** The features grid: a static island (no client code). */
export function FeatureList() {
  return (
    <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <li
          key={title}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{title}</h3>
          <p className="mt-2 text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}

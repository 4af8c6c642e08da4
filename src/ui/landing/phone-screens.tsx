import {
  Atom,
  BookOpen,
  Calculator,
  ChevronLeft,
  Cookie,
  Heart,
  House,
  MapPin,
  MessageCircle,
  Search,
  Soup,
  Star,
  User,
  UtensilsCrossed,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/*
 * A static picture of the app: three phones drawn with HTML and CSS only. Every screen is laid out
 * at one fixed size (240x494) and scaled with a transform, so the block has explicit dimensions at
 * each breakpoint and never shifts the layout.
 */

type Listing = {
  icon: LucideIcon;
  tile: string;
  title: string;
  price: string;
  seller: string;
  distance: string;
  rating: string;
};

const FOOD: Listing[] = [
  {
    icon: Soup,
    tile: 'from-emerald-100 to-emerald-200 text-emerald-700',
    title: 'Chilaquiles verdes',
    price: '$45',
    seller: 'Mariana · Ing. Química',
    distance: 'a 150 m',
    rating: '4.9',
  },
  {
    icon: UtensilsCrossed,
    tile: 'from-amber-100 to-amber-200 text-amber-700',
    title: 'Tamales de rajas',
    price: '$25',
    seller: 'Diego · Informática',
    distance: 'a 300 m',
    rating: '4.8',
  },
  {
    icon: Cookie,
    tile: 'from-rose-100 to-rose-200 text-rose-700',
    title: 'Brownies caseros',
    price: '$20',
    seller: 'Sofía · Biomédica',
    distance: 'a 450 m',
    rating: '5.0',
  },
];

const STUDY: Listing[] = [
  {
    icon: BookOpen,
    tile: 'from-indigo-100 to-indigo-200 text-indigo-700',
    title: 'Apuntes de Cálculo II',
    price: '$80',
    seller: 'Andrea · Matemáticas',
    distance: 'a 200 m',
    rating: '4.9',
  },
  {
    icon: Atom,
    tile: 'from-sky-100 to-sky-200 text-sky-700',
    title: 'Asesoría de Física',
    price: '$120/h',
    seller: 'Carlos · Física',
    distance: 'a 350 m',
    rating: '4.8',
  },
  {
    icon: Calculator,
    tile: 'from-emerald-100 to-emerald-200 text-emerald-700',
    title: 'Calculadora científica',
    price: '$250',
    seller: 'Paola · Ing. Civil',
    distance: 'a 500 m',
    rating: '4.7',
  },
];

const TABS: [LucideIcon, string][] = [
  [House, 'Inicio'],
  [Search, 'Buscar'],
  [MessageCircle, 'Mensajes'],
  [User, 'Perfil'],
];

function Phone({
  box,
  scale,
  tab,
  children,
}: {
  box: string;
  scale: string;
  tab: number;
  children: ReactNode;
}) {
  return (
    <div className={`absolute ${box}`}>
      <div
        className={`h-[494px] w-[240px] origin-top-left rounded-[2.2rem] bg-slate-900 p-[7px] shadow-[0_30px_60px_-20px_rgb(30_27_75/0.55)] ring-1 ring-slate-700 ${scale}`}
      >
        <div className="relative flex h-full flex-col overflow-hidden rounded-[1.8rem] bg-slate-50 text-slate-900">
          <div className="absolute top-2 left-1/2 h-[20px] w-[68px] -translate-x-1/2 rounded-full bg-black" />
          <div className="flex h-9 shrink-0 items-center justify-between px-6 pt-1 text-[11px] font-semibold">
            9:41
            <span className="flex items-end gap-[2px]">
              <i className="h-[4px] w-[3px] rounded-[1px] bg-slate-900" />
              <i className="h-[6px] w-[3px] rounded-[1px] bg-slate-900" />
              <i className="h-[8px] w-[3px] rounded-[1px] bg-slate-900" />
              <i className="h-[10px] w-[3px] rounded-[1px] bg-slate-400" />
              <i className="ml-1 flex h-[10px] w-[20px] rounded-[3px] border border-slate-400 p-px">
                <i className="w-3/4 rounded-[1px] bg-slate-900" />
              </i>
            </span>
          </div>
          <div className="flex min-h-0 flex-1 flex-col px-3">{children}</div>
          <div className="flex h-[52px] shrink-0 justify-around border-t border-slate-200 bg-white px-2 pt-1.5">
            {TABS.map(([Icon, label], i) => (
              <span
                key={label}
                className={`relative flex flex-col items-center gap-0.5 text-[8px] font-medium ${i === tab ? 'text-indigo-600' : 'text-slate-500'}`}
              >
                <Icon className="size-4" strokeWidth={i === tab ? 2.5 : 2} />
                {label}
                {i === 2 && (
                  <i className="absolute -top-0.5 right-1 size-2 rounded-full bg-rose-500 ring-2 ring-white" />
                )}
              </span>
            ))}
          </div>
          <div className="absolute bottom-1.5 left-1/2 h-1 w-20 -translate-x-1/2 rounded-full bg-slate-900" />
        </div>
      </div>
    </div>
  );
}

function ListingCard({ icon: Icon, tile, title, price, seller, distance, rating }: Listing) {
  return (
    <div className="flex items-center gap-2.5 rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200/70">
      <span
        className={`flex size-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br ${tile}`}
      >
        <Icon className="size-6" strokeWidth={1.75} />
      </span>
      <span className="min-w-0 flex-1 leading-tight">
        <b className="block truncate text-[11px] font-semibold">{title}</b>
        <span className="mt-0.5 block truncate text-[9px] text-slate-600">{seller}</span>
        <span className="mt-1 flex items-center gap-2 text-[9px] text-slate-600">
          <b className="text-[11px] font-bold text-indigo-700">{price}</b>
          <span className="flex items-center gap-0.5 font-semibold text-slate-800">
            <Star className="size-2.5 fill-amber-400 text-amber-400" />
            {rating}
          </span>
          <span className="flex items-center gap-0.5">
            <MapPin className="size-2.5" />
            {distance}
          </span>
        </span>
      </span>
    </div>
  );
}

function Chips({ items, on = 1 }: { items: string[]; on?: number }) {
  return (
    <div className="mt-2 flex gap-1.5">
      {items.map((c, i) => (
        <span
          key={c}
          className={`rounded-full px-2 py-1 text-[9px] whitespace-nowrap font-semibold ${i < on ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200'}`}
        >
          {c}
        </span>
      ))}
    </div>
  );
}

function FeedHeader({ kicker, title }: { kicker: string; title: string }) {
  return (
    <div className="mt-1">
      <p className="flex items-center gap-1 text-[9px] font-medium text-slate-600">
        <MapPin className="size-2.5 text-rose-500" />
        {kicker}
      </p>
      <p className="mt-0.5 text-[15px] font-bold tracking-tight">{title}</p>
      <div className="mt-2 flex h-7 items-center gap-1.5 rounded-xl bg-white px-2.5 text-[9px] text-slate-500 ring-1 ring-slate-200">
        <Search className="size-3" />
        Busca comida, apuntes, servicios…
      </div>
    </div>
  );
}

/** A plate with a torta ahogada: a golden roll drowned in red salsa, onion and a lime wedge. */
function TortaArt() {
  return (
    <svg viewBox="0 0 200 120" className="absolute inset-x-0 bottom-0 h-full w-full">
      <ellipse cx="100" cy="98" rx="84" ry="16" fill="#7c2d12" opacity=".15" />
      <ellipse cx="100" cy="90" rx="82" ry="21" fill="#fff" />
      <ellipse cx="100" cy="90" rx="66" ry="15" fill="#f1f5f9" />
      <ellipse cx="100" cy="88" rx="60" ry="12" fill="#dc2626" />
      <path d="M48 80c-4-20 20-34 52-34s56 14 52 34c-10 10-94 10-104 0z" fill="#d97706" />
      <path d="M60 62c10-10 26-13 40-13s30 3 40 13c-14-5-66-5-80 0z" fill="#fbbf24" />
      <path
        d="M52 70c14-9 30-5 48-11 18 6 34 2 48 11v7c-6 6-12-3-17 5-6-7-13 3-20-4-8 7-14-3-22 4-6-7-13 2-19-4-6 5-12-1-18-2z"
        fill="#b91c1c"
      />
      <g fill="none" stroke="#fbcfe8" strokeWidth="2.5">
        <ellipse cx="82" cy="61" rx="7" ry="3" />
        <ellipse cx="114" cy="59" rx="7" ry="3" />
        <ellipse cx="99" cy="66" rx="6" ry="2.5" />
      </g>
      <path d="M150 92a13 13 0 0 1 26 0z" fill="#65a30d" />
      <path d="M153 92a10 10 0 0 1 20 0z" fill="#d9f99d" />
      <path d="M24 90c2-8 10-12 16-8-2 6-8 10-16 8z" fill="#16a34a" />
      <g fill="none" stroke="#fff" strokeLinecap="round" strokeWidth="2.5" opacity=".8">
        <path d="M86 36c-4-6 4-9 0-15" />
        <path d="M100 32c-4-6 4-9 0-15" />
        <path d="M114 36c-4-6 4-9 0-15" />
      </g>
    </svg>
  );
}

function FoodFeed() {
  return (
    <>
      <FeedHeader kicker="Cerca de ti · CUCEI" title="¿Qué se te antoja?" />
      <Chips items={['Todo', 'Comida', 'Postres', 'Snacks']} />
      <div className="mt-2.5 flex flex-col gap-2">
        {FOOD.map((l) => (
          <ListingCard key={l.title} {...l} />
        ))}
      </div>
      <div className="mt-auto mb-2.5 rounded-2xl bg-gradient-to-r from-indigo-600 to-violet-600 p-2.5 leading-tight text-white">
        <b className="block text-[10px] font-semibold">¿Cocinas rico?</b>
        <span className="text-[9px] text-indigo-100">Publica gratis y vende en tu campus</span>
      </div>
    </>
  );
}

function OrderScreen() {
  return (
    <>
      <div className="relative h-[150px] shrink-0 overflow-hidden rounded-2xl bg-gradient-to-br from-amber-200 via-orange-200 to-rose-300">
        <TortaArt />
        <span className="absolute top-2 left-2 flex size-6 items-center justify-center rounded-full bg-white/90 text-slate-800">
          <ChevronLeft className="size-4" />
        </span>
        <span className="absolute top-2 right-2 flex size-6 items-center justify-center rounded-full bg-white/90 text-rose-500">
          <Heart className="size-3.5 fill-rose-500" />
        </span>
        <span className="absolute bottom-2 left-2 rounded-full bg-white/90 px-2 py-0.5 text-[8px] font-bold text-emerald-700">
          Hecho hoy
        </span>
      </div>
      <div className="mt-2.5 flex items-start justify-between">
        <div className="leading-tight">
          <p className="text-[15px] font-bold tracking-tight">Torta ahogada</p>
          <p className="text-[9px] text-slate-600">Receta de la abuela, estilo Guadalajara</p>
        </div>
        <p className="text-[16px] font-extrabold text-indigo-700">$55</p>
      </div>
      <div className="mt-2 flex items-center gap-2 rounded-xl bg-white p-1.5 ring-1 ring-slate-200">
        <span className="flex size-7 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-[9px] font-bold text-white">
          JR
        </span>
        <span className="flex-1 leading-tight">
          <b className="block text-[10px] font-semibold">Jorge R.</b>
          <span className="block text-[8px] text-slate-600">Arquitectura · CUCEA</span>
        </span>
        <span className="flex items-center gap-0.5 rounded-full bg-amber-50 px-1.5 py-0.5 text-[9px] font-bold text-amber-800">
          <Star className="size-2.5 fill-amber-400 text-amber-400" />
          4.9
        </span>
      </div>
      <Chips items={['Salsa picante', 'Sin cebolla', 'Limón']} on={2} />
      <div className="mt-2 flex items-center gap-2 rounded-xl bg-indigo-50 p-2 text-[9px] leading-tight">
        <MapPin className="size-3.5 shrink-0 text-indigo-600" />
        <span>
          <b className="font-semibold">Entrega en: Biblioteca CUCEA</b>
          <span className="block text-slate-600">Hoy · 13:30 · entre clases</span>
        </span>
      </div>
      <div className="mt-auto mb-2.5 flex items-center gap-3">
        <span className="pl-1 leading-tight">
          <span className="block text-[8px] text-slate-600">Total</span>
          <b className="text-[14px] font-extrabold">$55</b>
        </span>
        <span className="flex h-9 flex-1 items-center justify-center rounded-xl bg-indigo-600 text-[12px] font-bold text-white shadow-md shadow-indigo-600/30">
          Solicitar
        </span>
      </div>
    </>
  );
}

function StudyFeed() {
  return (
    <>
      <FeedHeader kicker="Cerca de ti · CUCEA" title="Material de estudio" />
      <Chips items={['Apuntes', 'Asesorías', 'Libros']} />
      <div className="mt-2.5 flex flex-col gap-2">
        {STUDY.map((l) => (
          <ListingCard key={l.title} {...l} />
        ))}
      </div>
      <div className="mt-auto mb-2.5 ml-auto flex w-[150px] items-center gap-2 rounded-2xl rounded-br-sm bg-slate-900 p-2 text-white shadow-lg">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-500">
          <MessageCircle className="size-3.5" />
        </span>
        <span className="leading-tight">
          <b className="block text-[10px] font-semibold">¡Nuevo pedido!</b>
          <span className="block text-[9px] text-slate-300">Luis quiere 2 brownies</span>
        </span>
      </div>
    </>
  );
}

const SIDE = 'top-11 h-[288px] w-[140px] md:top-16 md:h-[404px] md:w-[196px]';
const SIDE_SCALE = 'scale-[0.5834] md:scale-[0.8167]';

/** Where the prerendered page fetches the phones' drawing from (scripts/build/prerender.mjs). */
export const PHONE_ART_PATH = '/phones.html';

const FIGURE_CLASS = 'relative mx-auto h-[370px] w-[340px] max-w-full md:h-[520px] md:w-[500px]';
const FIGURE_LABEL =
  'Vista previa de la app: publicaciones de comida casera y material de estudio de estudiantes cerca de ti';

/** The drawing's frame: hidden from assistive technology, with the glow behind the phones. */
function PhoneArtFrame({ children }: { children?: ReactNode }) {
  return (
    <div aria-hidden="true" className="font-phone-art">
      <div className="absolute inset-0 bg-[radial-gradient(closest-side,rgb(165_180_252/0.55),transparent)]" />
      {children}
    </div>
  );
}

/** The three phones, in the order they are drawn. */
const phones = () => [
  <Phone key="food" box={`left-2 -rotate-[5deg] md:left-0 ${SIDE}`} scale={SIDE_SCALE} tab={0}>
    <FoodFeed />
  </Phone>,
  <Phone key="study" box={`right-2 rotate-[5deg] md:right-0 ${SIDE}`} scale={SIDE_SCALE} tab={1}>
    <StudyFeed />
  </Phone>,
  <Phone
    key="order"
    box="top-0 left-1/2 z-10 h-[350px] w-[170px] -translate-x-1/2 md:h-[494px] md:w-[240px]"
    scale="scale-[0.7084] md:scale-100"
    tab={0}
  >
    <OrderScreen />
  </Phone>,
];

/** The three phones themselves: decorative, hidden from assistive technology. */
export function PhoneArt() {
  return <PhoneArtFrame>{phones()}</PhoneArtFrame>;
}

/**
 * The drawing as PHONE_ART_PATH serves it: the frame, then each phone, apart (PHONE_ART_SEPARATOR
 * between them), so that the page's loader parses one phone per task.
 */
export const phoneArtParts = (): ReactNode[] => [<PhoneArtFrame key="frame" />, ...phones()];

/** What separates the parts of PHONE_ART_PATH (scripts/build/loader.mjs splits on it). */
export const PHONE_ART_SEPARATOR = '<!--|-->';

/**
 * The figure with its fixed size at each breakpoint. `deferred`: the prerendered page ships the
 * empty figure and the inline loader (scripts/build/loader.mjs) fills it from PHONE_ART_PATH, piece
 * by piece, once the rest of the stylesheet has loaded. The drawing is about 35 KB of HTML (4 KB
 * compressed): in the page it kept the HTML over the first round trip of a slow connection, and
 * its 400 elements were laid out in the first paint. The figure's size is fixed, so filling it
 * shifts nothing.
 */
export function PhoneScreens({ deferred = false }: { deferred?: boolean }) {
  return (
    <figure
      role="img"
      aria-label={FIGURE_LABEL}
      className={FIGURE_CLASS}
      data-phones={deferred ? PHONE_ART_PATH : undefined}
    >
      {!deferred && <PhoneArt />}
    </figure>
  );
}

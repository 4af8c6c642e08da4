import type { ServiceIdentifier } from 'inversify';
import type { BackendPorts, Ports } from '@/domain/use-cases/create-use-cases';
import type { UseCases } from '@/domain/use-cases/use-cases';

/**
 * The one list of ports (issue 52): each port of `Ports` (src/domain/use-cases/create-use-cases.ts)
 * and the name of its container token. The compiler holds this list equal to `Ports`; the tokens,
 * the backends' bindings (bindBackend) and the use cases' wiring (use-cases.module.ts) are all
 * made from it. A new port is its interface, one line in `Ports`, one line here, and its adapters.
 */
const PORT_NAMES = {
  auth: 'AuthPort',
  waitlist: 'WaitlistRepo',
  heroConsent: 'HeroConsentRepo',
  collegeSearch: 'CollegeSearch',
  heroImages: 'HeroImages',
  campusProgress: 'CampusProgressRepo',
  invites: 'Invites',
  campusRequests: 'CampusRequests',
  emailVerifications: 'EmailVerifications',
  sellerChoices: 'SellerChoices',
  joinSources: 'JoinSources',
  leaveLinks: 'LeaveLinks',
  failureReports: 'FailureReports',
  operatorConsole: 'OperatorConsole',
  local: 'LocalRecord',
  visit: 'VisitRecord',
  clock: 'Clock',
} as const satisfies Record<keyof Ports, string>;

type PortName = (typeof PORT_NAMES)[keyof Ports];

/** The port's token, by its key in `Ports`. */
export const PORTS = Object.fromEntries(
  Object.entries(PORT_NAMES).map(([key, name]) => [key, Symbol.for(name)]),
) as { readonly [K in keyof Ports]: ServiceIdentifier<Ports[K]> };

/** The ports the browser gives every backend (use-cases.module.ts binds them unless bound). */
const BROWSER_PORTS = ['local', 'visit', 'clock'] as const satisfies readonly (keyof Ports)[];

/** The keys of the ports every backend module must bind, in the list's order. */
export const BACKEND_PORT_KEYS = (Object.keys(PORT_NAMES) as (keyof Ports)[]).filter(
  (key): key is keyof BackendPorts => !(BROWSER_PORTS as readonly string[]).includes(key),
);

/** Their tokens (a module that leaves one unbound is refused, naming it: container.ts). */
export const BACKEND_PORTS = BACKEND_PORT_KEYS.map((key) => PORTS[key]);

/** Service identifiers of the container by name (`TOKENS.AuthPort`, …), and the use cases. */
export const TOKENS = {
  ...(Object.fromEntries(
    (Object.keys(PORT_NAMES) as (keyof Ports)[]).map((key) => [PORT_NAMES[key], PORTS[key]]),
  ) as { readonly [N in PortName]: ServiceIdentifier<unknown> }),
  UseCases: Symbol.for('UseCases') as ServiceIdentifier<UseCases>,
};

/** Binds every backend port to the backend's adapter of the same key: a backend module's body. */
export function bindBackend(
  bind: <T>(id: ServiceIdentifier<T>) => { toConstantValue(value: T): unknown },
  backend: BackendPorts,
): void {
  for (const key of BACKEND_PORT_KEYS) {
    bind(PORTS[key] as ServiceIdentifier<unknown>).toConstantValue(backend[key]);
  }
}

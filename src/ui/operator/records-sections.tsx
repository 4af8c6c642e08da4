import { ACTION_LABELS, type AuditEntry } from '@/domain/operator/audit-log';
import { LAUNCH_REFUSALS, type LaunchRefusal } from '@/domain/operator/launch-plan';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { LoadedView, Section } from './console-ui';
import { dayLabel, formatNumber, mexicoCityTime } from './operator-texts';
import { useLoad } from './use-load';

type Operator = UseCases['operator'];

/** 'Salud': the page's failures by day (what the budget dropped too) and the retention's last run. */
export function HealthSection({ operator }: { operator: Operator }) {
  const { state, reload } = useLoad(() => operator.health());
  return (
    <Section title="Salud">
      <LoadedView state={state} retry={reload}>
        {(health) => (
          <>
            <h3 className="text-lg font-semibold">Fallas por día</h3>
            {health.failures.length === 0 ? (
              <p className="text-slate-700">No hay fallas registradas.</p>
            ) : (
              <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">
                    Fallas de inicio de sesión y registro por día
                  </caption>
                  <thead className="bg-slate-100">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        Día
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Fallas
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Descartadas por el límite
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {health.failures.map((f) => (
                      <tr key={f.day} className="border-t border-slate-200 align-top">
                        <th scope="row" className="px-3 py-2 font-normal">
                          {dayLabel(f.day)}
                        </th>
                        <td className="px-3 py-2">
                          <ul>
                            {Object.entries(f.counts).map(([kind, n]) => (
                              <li key={kind}>
                                <span className="font-mono">{kind}</span>: {formatNumber(n)}
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td className="px-3 py-2">{formatNumber(f.dropped)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <h3 className="text-lg font-semibold">Retención</h3>
            {health.retention ? (
              <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <p>Última ejecución: {mexicoCityTime(health.retention.at)}.</p>
                <ul className="mt-2 list-disc pl-6">
                  {Object.entries(health.retention.deleted).map(([what, n]) => (
                    <li key={what}>
                      <span className="font-mono">{what}</span>: {formatNumber(n)} borrados
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-slate-700">La retención no se ha ejecutado todavía.</p>
            )}
          </>
        )}
      </LoadedView>
    </Section>
  );
}

/** An entry's outcome in Spanish: done, or the refusal's sentence (else its name). */
export const outcomeLabel = (outcome: string): string =>
  outcome === 'done'
    ? 'Hecho'
    : outcome in LAUNCH_REFUSALS
      ? `Rechazado: ${LAUNCH_REFUSALS[outcome as LaunchRefusal]}`
      : `Rechazado (${outcome})`;

const json = (value: unknown) => (value === null ? '—' : JSON.stringify(value, null, 2));

/** 'Registro': the operators' log, newest first; read only. */
export function LogSection({ operator }: { operator: Operator }) {
  const { state, reload } = useLoad(() => operator.auditLog());
  return (
    <Section title="Registro">
      <LoadedView state={state} retry={reload}>
        {(entries: AuditEntry[]) =>
          entries.length === 0 ? (
            <p className="text-slate-700">Todavía no hay acciones registradas.</p>
          ) : (
            <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">
                  Acciones de los operadores, la más reciente primero
                </caption>
                <thead className="bg-slate-100">
                  <tr>
                    {['Cuándo', 'Quién', 'Qué', 'Sobre', 'Resultado', 'Antes y después'].map(
                      (h) => (
                        <th key={h} scope="col" className="px-3 py-2">
                          {h}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr
                      key={e.id}
                      className="border-t border-slate-200 align-top"
                      data-testid="log-entry"
                    >
                      <td className="px-3 py-2 whitespace-nowrap">{mexicoCityTime(e.at)}</td>
                      <td className="px-3 py-2">{e.actor}</td>
                      <th scope="row" className="px-3 py-2 font-normal">
                        {ACTION_LABELS[e.action]}
                      </th>
                      <td className="px-3 py-2 font-mono text-xs">{e.target ?? '—'}</td>
                      <td className="px-3 py-2">{outcomeLabel(e.outcome)}</td>
                      <td className="px-3 py-2">
                        <details>
                          <summary className="min-h-11 cursor-pointer py-2 text-indigo-800">
                            Ver cambios
                          </summary>
                          <p className="mt-1 font-medium">Antes</p>
                          <pre className="max-w-md overflow-auto rounded bg-slate-100 p-2 text-xs">
                            {json(e.before)}
                          </pre>
                          <p className="mt-1 font-medium">Después</p>
                          <pre className="max-w-md overflow-auto rounded bg-slate-100 p-2 text-xs">
                            {json(e.after)}
                          </pre>
                        </details>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadedView>
    </Section>
  );
}

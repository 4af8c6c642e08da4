import { type FormEvent, useState } from 'react';
import type { ConsoleRequest } from '@/domain/operator/console-records';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { Button } from '@/ui/components/button';
import { Dialog, Field, INPUT, LoadedView, Outcome, Section } from './console-ui';
import { consoleErrorMessage, formatNumber } from './operator-texts';
import { useLoad } from './use-load';

type Operator = UseCases['operator'];

const EMPTY = { id: '', name: '', shortName: '', city: '', state: '', domains: '' };

/** The domains an operator typed, split on commas and spaces. */
export const domainsOf = (typed: string): string[] =>
  typed
    .split(/[\s,;]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

/**
 * 'Solicitudes': the pending campuses students asked for, with how many asked and joined.
 * 'Agregar al catálogo' asks the operator for every field: nothing is copied from what the
 * students typed.
 */
export function RequestsSection({ operator }: { operator: Operator }) {
  const { state, reload } = useLoad(() => operator.requests());
  const [adding, setAdding] = useState<ConsoleRequest | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <Section title="Solicitudes">
      <Outcome text={outcome} />
      <LoadedView state={state} retry={reload}>
        {(requests) =>
          requests.length === 0 ? (
            <p className="text-slate-700">No hay campus solicitados pendientes.</p>
          ) : (
            <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Campus solicitados pendientes</caption>
                <thead className="bg-slate-100">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Lo que escribió el estudiante
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Ciudad
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Lo pidieron
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Unidos
                    </th>
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {requests.map((r) => (
                    <tr key={r.pendingId} className="border-t border-slate-200">
                      <th scope="row" className="px-3 py-2 font-normal">
                        {r.name}
                        <span className="block font-mono text-xs text-slate-600">
                          {r.pendingId}
                        </span>
                      </th>
                      <td className="px-3 py-2">{r.city}</td>
                      <td className="px-3 py-2">{formatNumber(r.requests)}</td>
                      <td className="px-3 py-2">{formatNumber(r.joined)}</td>
                      <td className="px-3 py-2">
                        <Button
                          size="sm"
                          aria-label={`Agregar al catálogo: ${r.name}`}
                          onClick={() => {
                            setOutcome(null);
                            setAdding(r);
                          }}
                        >
                          Agregar al catálogo
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadedView>
      <AddCampusDialog
        operator={operator}
        request={adding}
        onClose={() => setAdding(null)}
        onAdded={(text) => {
          setAdding(null);
          setOutcome(text);
          reload();
        }}
      />
    </Section>
  );
}

function AddCampusDialog({
  operator,
  request,
  onClose,
  onAdded,
}: {
  operator: Operator;
  request: ConsoleRequest | null;
  onClose: () => void;
  onAdded: (outcome: string) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setValues(EMPTY);
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    setBusy(true);
    setError(null);
    try {
      const result = await operator.addCampus({
        request: request.pendingId,
        id: values.id.trim(),
        name: values.name.trim(),
        shortName: values.shortName.trim(),
        city: values.city.trim(),
        state: values.state.trim(),
        domains: domainsOf(values.domains),
      });
      setValues(EMPTY);
      onAdded(
        result.added
          ? `Agregamos ${values.shortName.trim()} al catálogo: ${formatNumber(result.moved)} estudiantes pasaron a él y ${formatNumber(result.queued)} correos quedaron en cola.`
          : 'Esa solicitud ya se había agregado al catálogo.',
      );
    } catch (e) {
      console.error('Adding the campus failed', e);
      setError(consoleErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const field = (key: keyof typeof EMPTY, label: string, hint?: string) => (
    <Field label={label} {...(hint ? { hint } : {})}>
      {(props) => (
        <input
          {...props}
          className={INPUT}
          autoComplete="off"
          value={values[key]}
          onChange={(e) => setValues({ ...values, [key]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <Dialog title="Agregar al catálogo" open={request !== null} onClose={close}>
      {request && (
        <p className="mt-2 text-sm text-slate-700">
          Solicitud: «{request.name}» ({request.city}). Escribe los datos del catálogo; no se copian
          de la solicitud.
        </p>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-3">
        {field('id', 'Id del catálogo', 'Minúsculas sin acentos unidas con guiones: udg-cucei.')}
        {field('name', 'Nombre del catálogo')}
        {field('shortName', 'Nombre corto', 'Lo que ven los estudiantes: UDG - CUCEI.')}
        {field('city', 'Ciudad')}
        {field('state', 'Estado de la república')}
        {field(
          'domains',
          'Dominios de correo universitario',
          'Separados por comas: alumnos.udg.mx, academicos.udg.mx.',
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-3 pt-2">
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Agregando…' : 'Agregar'}
          </Button>
          <Button variant="ghost" onClick={close}>
            Cancelar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

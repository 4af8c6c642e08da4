import { type FormEvent, useState } from 'react';
import type { StudentRecord } from '@/domain/operator/console-records';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { Button } from '@/ui/components/button';
import { Dialog, Field, INPUT, Outcome, Section } from './console-ui';
import { download } from './download';
import { consoleErrorMessage, mexicoCityTime } from './operator-texts';

type Operator = UseCases['operator'];

type Found =
  | { status: 'idle' }
  | { status: 'none'; email: string }
  | { status: 'found'; student: StudentRecord };

/**
 * 'Estudiantes': an ARCO request answered: find the entry by e-mail, see it, export it (a JSON
 * file) and delete it after a confirmation. Each step is written to the operators' log.
 */
export function StudentsSection({ operator }: { operator: Operator }) {
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<Found>({ status: 'idle' });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setOutcome(null);
    try {
      const text = await action();
      if (text) setOutcome({ text, error: false });
    } catch (error) {
      console.error('The student step failed', error);
      setOutcome({ text: consoleErrorMessage(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const student = await operator.findStudent(email);
      setFound(student ? { status: 'found', student } : { status: 'none', email });
      return null;
    });
  };

  const exportIt = (uid: string) =>
    run(async () => {
      const record = await operator.exportStudent(uid);
      download(`registro-${uid}.json`, `${JSON.stringify(record, null, 2)}\n`, 'application/json');
      return 'Descargamos el registro en JSON.';
    });

  const remove = (uid: string) =>
    run(async () => {
      setConfirming(false);
      await operator.deleteStudent(uid);
      setFound({ status: 'idle' });
      return 'Eliminamos el registro y la cuenta del estudiante.';
    });

  return (
    <Section title="Estudiantes">
      <p className="max-w-2xl text-slate-700">
        Para atender una solicitud ARCO: busca el registro por el correo del estudiante (su cuenta
        de Google o su correo universitario verificado).
      </p>
      <form
        role="search"
        aria-label="Buscar un estudiante"
        noValidate
        onSubmit={search}
        className="flex max-w-2xl flex-wrap items-end gap-3"
      >
        <div className="min-w-64 flex-1">
          <Field label="Correo del estudiante">
            {(props) => (
              <input
                {...props}
                type="email"
                autoComplete="off"
                className={INPUT}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Button type="submit" disabled={busy}>
          Buscar
        </Button>
      </form>
      <Outcome text={outcome?.text ?? null} error={outcome?.error} />
      {found.status === 'none' && (
        <p className="text-slate-800">No encontramos a nadie con el correo {found.email}.</p>
      )}
      {found.status === 'found' && (
        <div
          className="max-w-2xl space-y-3 rounded-xl bg-white p-6 ring-1 ring-slate-200"
          data-testid="student-record"
        >
          <h3 className="text-lg font-semibold">{found.student.email}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Id</dt>
            <dd className="font-mono">{found.student.uid}</dd>
            <dt className="font-medium">Campus</dt>
            <dd>{found.student.collegeId ?? 'Sin campus'}</dd>
            <dt className="font-medium">Se unió</dt>
            <dd>
              {found.student.joinedAt
                ? mexicoCityTime(found.student.joinedAt)
                : 'No se unió a la lista'}
            </dd>
          </dl>
          <details>
            <summary className="min-h-11 cursor-pointer py-2 font-medium text-indigo-800">
              Todo lo que guardamos
            </summary>
            <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-slate-100 p-4 text-xs">
              {JSON.stringify(found.student.data, null, 2)}
            </pre>
          </details>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => void exportIt(found.student.uid)}
            >
              Exportar (JSON)
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
              Eliminar
            </Button>
          </div>
          <Dialog
            title="¿Eliminar este registro?"
            open={confirming}
            onClose={() => setConfirming(false)}
          >
            <p className="mt-2 text-slate-700">
              Borraremos la cuenta de {found.student.email} y todo lo que guardamos de ella. No se
              puede deshacer.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button onClick={() => void remove(found.student.uid)}>Sí, eliminar</Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Cancelar
              </Button>
            </div>
          </Dialog>
        </div>
      )}
    </Section>
  );
}

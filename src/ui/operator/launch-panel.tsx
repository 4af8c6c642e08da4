import { type FormEvent, useState } from 'react';
import type { ConsoleCampus, LaunchPreview } from '@/domain/operator/console-records';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { Button } from '@/ui/components/button';
import { Field, INPUT, Outcome } from './console-ui';
import {
  CONSOLE_TEXTS,
  consoleErrorMessage,
  formatNumber,
  isLostConnection,
  mexicoCityTime,
} from './operator-texts';

type Operator = UseCases['operator'];

/**
 * A campus's launch (issue 61): 'Vista previa' (the dry run: how many students, one sample e-mail
 * as the student will see it), then the campus id typed to confirm, an optional Mexico City time
 * and 'Lanzar'; a scheduled launch can be cancelled. A lost connection says the outcome is unknown:
 * a reload reads the truth.
 */
export function LaunchPanel({
  operator,
  campus,
  onChanged,
}: {
  operator: Operator;
  campus: ConsoleCampus;
  onChanged: () => void;
}) {
  const id = campus.report.campus;
  const launch = campus.launch;
  const [preview, setPreview] = useState<LaunchPreview | null>(null);
  const [confirm, setConfirm] = useState('');
  const [at, setAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);

  const run = async (action: () => Promise<string>, unknownOnLoss: boolean) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ text: await action(), error: false });
    } catch (error) {
      console.error('The launch step failed', error);
      setOutcome({
        text:
          unknownOnLoss && isLostConnection(error)
            ? CONSOLE_TEXTS.launchUnknown
            : consoleErrorMessage(error),
        error: true,
      });
    } finally {
      setBusy(false);
    }
  };

  const showPreview = () =>
    run(async () => {
      const answer = await operator.launchPreview(id);
      setPreview(answer);
      return `Lo recibirían ${formatNumber(answer.students)} estudiantes.`;
    }, false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const status = await operator.launch(id, { confirm, at: at || null });
      setConfirm('');
      setAt('');
      setPreview(null);
      onChanged();
      return status.state === 'scheduled'
        ? `Lanzamiento programado para ${mexicoCityTime(status.at)} (hora de la Ciudad de México).`
        : status.state === 'launched'
          ? `Campus lanzado: ${formatNumber(status.students)} correos en camino.`
          : 'El lanzamiento no quedó registrado.';
    }, true);
  };

  const cancel = () =>
    run(async () => {
      await operator.cancelLaunch(id);
      onChanged();
      return 'Cancelamos el lanzamiento programado.';
    }, true);

  return (
    <div
      role="group"
      aria-labelledby="launch-title"
      className="max-w-2xl space-y-4 rounded-xl bg-white p-6 ring-1 ring-slate-200"
    >
      <h3 id="launch-title" className="text-lg font-semibold">
        Lanzamiento
      </h3>
      {launch.state === 'launched' ? (
        <p data-testid="launch-state">
          Lanzado el {mexicoCityTime(launch.at)} por {launch.by} a {formatNumber(launch.students)}{' '}
          estudiantes.
        </p>
      ) : launch.state === 'scheduled' ? (
        <>
          <p data-testid="launch-state">
            Programado para el {mexicoCityTime(launch.at)} (hora de la Ciudad de México) por{' '}
            {launch.by}.
          </p>
          <Button variant="secondary" disabled={busy} onClick={() => void cancel()}>
            Cancelar lanzamiento
          </Button>
        </>
      ) : (
        <>
          <p data-testid="launch-state">Este campus no se ha lanzado.</p>
          <Button variant="secondary" disabled={busy} onClick={() => void showPreview()}>
            Vista previa
          </Button>
          {preview && <PreviewView preview={preview} />}
          {preview && (
            <form onSubmit={submit} noValidate className="space-y-4 border-t border-slate-200 pt-4">
              <Field
                label={`Escribe el id del campus (${id}) para confirmar`}
                hint="El correo se envía una sola vez a cada estudiante."
              >
                {(props) => (
                  <input
                    {...props}
                    className={INPUT}
                    autoComplete="off"
                    spellCheck={false}
                    value={confirm}
                    onChange={(e) => setConfirm(e.target.value)}
                  />
                )}
              </Field>
              <Field
                label="Fecha y hora del lanzamiento (opcional)"
                hint="Hora de la Ciudad de México. Vacío: se lanza ahora."
              >
                {(props) => (
                  <input
                    {...props}
                    type="datetime-local"
                    className={INPUT}
                    value={at}
                    onChange={(e) => setAt(e.target.value)}
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy} aria-busy={busy}>
                {busy ? 'Lanzando…' : 'Lanzar'}
              </Button>
            </form>
          )}
        </>
      )}
      <Outcome text={outcome?.text ?? null} error={outcome?.error} />
    </div>
  );
}

/**
 * The dry run's sample e-mail, as the student will see it: its HTML in a sandboxed frame (no
 * scripts, no same origin, nothing it links can run here), and its text version.
 */
function PreviewView({ preview }: { preview: LaunchPreview }) {
  return (
    <div className="space-y-3" data-testid="launch-preview">
      <p>
        Estudiantes que lo recibirían: <strong>{formatNumber(preview.students)}</strong>
        {preview.alreadyQueued > 0 &&
          ` (${formatNumber(preview.alreadyQueued)} ya lo tienen en cola y no se enviará de nuevo)`}
      </p>
      {preview.sample ? (
        <>
          <p>
            Asunto: <strong>{preview.sample.subject}</strong>
          </p>
          <iframe
            title="Correo de muestra"
            sandbox=""
            srcDoc={preview.sample.html}
            className="h-96 w-full rounded-lg bg-white ring-1 ring-slate-300"
          />
          <details>
            <summary className="min-h-11 cursor-pointer py-2 font-medium text-indigo-800">
              Ver la versión de texto
            </summary>
            <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-100 p-4 text-sm">
              {preview.sample.text}
            </pre>
          </details>
        </>
      ) : (
        <p>No hay estudiantes en la lista de este campus: no se enviaría ningún correo.</p>
      )}
    </div>
  );
}

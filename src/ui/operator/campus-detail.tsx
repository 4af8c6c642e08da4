import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CAMPUS_STATES } from '@/domain/campus-progress';
import type { ConsoleCampus } from '@/domain/operator/console-records';
import { SETTINGS_PROBLEMS, type SettingsProblem } from '@/domain/operator/console-settings';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { Button } from '@/ui/components/button';
import { stateLabel } from './campus-table';
import { Field, INPUT, LoadedView, Outcome } from './console-ui';
import { LaunchPanel } from './launch-panel';
import { consoleErrorMessage, settingsProblemOf } from './operator-texts';
import { useLoad } from './use-load';
import { VerifiedChart } from './verified-chart';

type Operator = UseCases['operator'];

/** A campus's detail: its chart, its settings and its launch. */
export function CampusDetail({
  operator,
  id,
  row,
  onBack,
  onChanged,
}: {
  operator: Operator;
  id: string;
  row: ConsoleCampus | null;
  onBack: () => void;
  onChanged: () => void;
}) {
  const days = useLoad(() => operator.campusDays(id), id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [id]);
  return (
    <section aria-labelledby="campus-detail-title" className="space-y-8">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack}>
          ← Volver a la tabla
        </Button>
        <h2
          id="campus-detail-title"
          ref={heading}
          tabIndex={-1}
          className="mt-2 text-2xl font-bold text-slate-900 outline-none"
        >
          {row?.name ?? id}
        </h2>
        <p className="font-mono text-sm text-slate-700">{id}</p>
        {row && (
          <p className="mt-2 text-slate-800">
            {row.report.verified} verificados
            {row.report.threshold !== null && ` de ${row.report.threshold}`} ·{' '}
            {row.report.joined - row.report.verified > 0
              ? `${row.report.joined - row.report.verified} sin verificar · `
              : ''}
            {row.readiness.ready
              ? 'Lista para abrir'
              : `Faltan ${row.readiness.studentsMissing} verificados y ${row.readiness.sellersMissing} vendedores verificados`}
          </p>
        )}
      </div>
      <LoadedView state={days.state} retry={days.reload}>
        {(value) => <VerifiedChart days={value} />}
      </LoadedView>
      {row && row.report.state !== 'pendiente' && (
        <>
          <SettingsForm operator={operator} campus={row} onSaved={onChanged} />
          <LaunchPanel operator={operator} campus={row} onChanged={onChanged} />
        </>
      )}
    </section>
  );
}

function SettingsForm({
  operator,
  campus,
  onSaved,
}: {
  operator: Operator;
  campus: ConsoleCampus;
  onSaved: () => void;
}) {
  const id = campus.report.campus;
  const [values, setValues] = useState(() => ({
    threshold: String(campus.settings.threshold),
    sellerMinimum: String(campus.settings.sellerMinimum),
    state: String(campus.settings.state),
    opensOn: campus.settings.opensOn ?? '',
  }));
  const [problem, setProblem] = useState<SettingsProblem | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const error = (field: SettingsProblem) => (problem === field ? SETTINGS_PROBLEMS[field] : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      await operator.saveSettings(id, {
        threshold: values.threshold.trim() === '' ? NaN : Number(values.threshold),
        sellerMinimum: values.sellerMinimum.trim() === '' ? NaN : Number(values.sellerMinimum),
        state: values.state,
        opensOn: values.opensOn || null,
      });
      setProblem(null);
      setOutcome({ text: 'Guardamos la configuración.', error: false });
      onSaved();
    } catch (e) {
      const field = settingsProblemOf(e);
      setProblem(field);
      setOutcome({ text: consoleErrorMessage(e), error: true });
      if (!field) console.error('Saving the settings failed', e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-labelledby="settings-title"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="max-w-2xl space-y-4 rounded-xl bg-white p-6 ring-1 ring-slate-200"
    >
      <h3 id="settings-title" className="text-lg font-semibold">
        Configuración
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Umbral (estudiantes verificados)" error={error('threshold')}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              className={INPUT}
              value={values.threshold}
              onChange={(e) => setValues({ ...values, threshold: e.target.value })}
            />
          )}
        </Field>
        <Field label="Mínimo de vendedores verificados" error={error('sellerMinimum')}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              className={INPUT}
              value={values.sellerMinimum}
              onChange={(e) => setValues({ ...values, sellerMinimum: e.target.value })}
            />
          )}
        </Field>
        <Field label="Estado" error={error('state')}>
          {(props) => (
            <select
              {...props}
              className={INPUT}
              value={values.state}
              onChange={(e) => setValues({ ...values, state: e.target.value })}
            >
              {CAMPUS_STATES.map((s) => (
                <option key={s} value={s}>
                  {stateLabel(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Fecha de apertura (opcional)"
          hint="Día en la Ciudad de México."
          error={error('opensOn')}
        >
          {(props) => (
            <input
              {...props}
              type="date"
              className={INPUT}
              value={values.opensOn}
              onChange={(e) => setValues({ ...values, opensOn: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Guardando…' : 'Guardar configuración'}
      </Button>
      <Outcome text={outcome?.text ?? null} error={outcome?.error} />
    </form>
  );
}

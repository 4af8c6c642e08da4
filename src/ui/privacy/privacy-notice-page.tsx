import type { ReactNode } from 'react';
import { CurrentYear, Footer } from '@/ui/landing/footer';
import { Logo } from '@/ui/landing/logo';
import { ARCO_DEADLINES, PRIVACY_NOTICE, RETENTION } from './privacy-notice.config';
import { processorsFor } from './privacy-notice-processors';
import { PLACEHOLDERS } from './privacy-notice-settings';

const isPlaceholder = (value: string) => Object.values(PLACEHOLDERS).includes(value);

/** The notice's sections, in order: their ids are the page's anchors (and the tests' list). */
export const PRIVACY_SECTIONS = [
  { id: 'responsable', title: 'Quién es responsable de tus datos' },
  { id: 'datos', title: 'Qué datos recabamos y de dónde' },
  { id: 'finalidades', title: 'Para qué usamos tus datos' },
  { id: 'conservacion', title: 'Cuánto tiempo guardamos tus datos' },
  { id: 'edad', title: 'Quién puede unirse' },
  { id: 'transferencias', title: 'Con quién compartimos tus datos' },
  { id: 'encargados', title: 'Quién trata tus datos por nosotros' },
  { id: 'derechos', title: 'Tus derechos ARCO y cómo retirar tu consentimiento' },
  { id: 'cambios', title: 'Cambios a este aviso' },
  { id: 'actualizacion', title: 'Fecha de última actualización' },
] as const;
type SectionId = (typeof PRIVACY_SECTIONS)[number]['id'];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = PRIVACY_SECTIONS.find((s) => s.id === id)!.title;
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className="mt-10 scroll-mt-6">
      <h2 id={`${id}-titulo`} className="text-xl font-bold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-base leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

const list = 'list-disc space-y-2 pl-6 marker:text-indigo-600';
const strong = 'font-semibold text-slate-900';

/** A configured value; placeholders are marked so that nobody mistakes them for real data. */
function Value({ children }: { children: string }) {
  return isPlaceholder(children) ? (
    <mark data-placeholder className="rounded bg-amber-100 px-1 text-amber-900">
      {children}
    </mark>
  ) : (
    <span className={strong}>{children}</span>
  );
}

/** The date of the last update: a <time> once configured, the marked placeholder before. */
function UpdatedOn() {
  const { updated, updatedIso } = PRIVACY_NOTICE;
  if (!updatedIso) return <Value>{updated}</Value>;
  return (
    <time dateTime={updatedIso} className={strong}>
      {updated}
    </time>
  );
}

function Email() {
  const { email } = PRIVACY_NOTICE;
  if (isPlaceholder(email)) return <Value>{email}</Value>;
  return (
    <a href={`mailto:${email}`} className="font-semibold text-indigo-700 underline">
      {email}
    </a>
  );
}

/**
 * The aviso de privacidad (issue 13; Mexico's LFPDPPP of 2025), in plain Spanish. Prerendered to
 * aviso-de-privacidad.html by scripts/build/prerender.mjs and never hydrated: it needs no
 * JavaScript. Its settings come from privacy-notice.config.ts; its processors from the build's
 * backend (`__BACKEND__`).
 */
export function PrivacyNoticePage() {
  const notice = PRIVACY_NOTICE;
  const { processors, note } = processorsFor(__BACKEND__, notice.mailProvider);
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <a
            href="/"
            className="inline-flex min-h-11 items-center rounded-lg text-slate-900"
            aria-label="De estudiantes a estudiantes, ir al inicio"
          >
            <Logo className="text-base sm:text-lg" nameClassName="max-sm:sr-only" />
          </a>
          <a
            href="/"
            className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline"
          >
            Volver al inicio
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Aviso de privacidad
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          Aquí te contamos, sin letra chiquita, qué datos tuyos guardamos cuando te unes a la lista
          de espera, para qué los usamos y cómo puedes pedirnos verlos, corregirlos o borrarlos.
        </p>
        <p className="mt-2 text-sm text-slate-600">
          Última actualización: <UpdatedOn />
        </p>
        {notice.placeholders && (
          <p
            role="note"
            data-testid="privacy-placeholders"
            className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          >
            Vista de desarrollo: faltan datos del responsable. Los textos entre corchetes se
            configuran con las variables VITE_PRIVACY_* (ver .env.example); una compilación de
            producción no se genera sin ellas.
          </p>
        )}

        <Section id="responsable">
          <p>
            <Value>{notice.responsible}</Value>, con domicilio en <Value>{notice.address}</Value>,
            es responsable de tus datos personales. Para cualquier asunto sobre ellos, escríbenos a{' '}
            <Email />.
          </p>
        </Section>

        <Section id="datos">
          <p>Solo recabamos lo necesario para la lista de espera:</p>
          <ul className={list}>
            <li>
              <span className={strong}>De tu cuenta de Google</span>, cuando inicias sesión: tu
              nombre, tu correo electrónico, tu foto de perfil y el identificador de tu cuenta.
              Google nos los comparte cuando tú lo autorizas en su ventana de inicio de sesión.
            </li>
            <li>
              <span className={strong}>De ti</span>, cuando te unes: el campus que eliges y tu
              confirmación de que tienes 18 años o más, que guardamos con tu registro junto con la
              versión de este aviso que estaba publicada (también la guardamos con tu permiso para
              la foto, si lo das).
            </li>
            <li>
              <span className={strong}>Automáticamente</span>: la fecha y hora en que te uniste a la
              lista, y si tu correo es de la universidad de tu campus (lo deducimos del dominio de
              tu correo, por ejemplo @alumnos.udg.mx; no consultamos a tu universidad).
            </li>
            <li>
              <span className={strong}>Si verificas tu correo universitario</span> con un código:
              esa dirección, solo para comprobar que estudias en la universidad de tu campus y
              contarte en su avance. No la mostramos a nadie y no le escribimos más que el código.
              Del código guardamos solo una huella, durante 15 minutos. Para limitar cuántos códigos
              se piden, guardamos una huella de la dirección con la hora de cada envío durante un
              día, y una huella de tu cuenta de Google con cuántos códigos pidió mientras exista la
              lista de espera, también si borras tu cuenta. De una huella no se puede leer tu correo
              ni tu cuenta.
            </li>
            <li>
              <span className={strong}>Si llegaste con el enlace de un compañero</span>: que te
              uniste con su invitación, para contarle cuántos compañeros de su campus, con el correo
              verificado, se unieron con su enlace (solo el número, nunca quiénes). Al abrir el
              enlace te mostramos su campus y su avance, nunca quién te invitó. También te damos tu
              propio enlace de invitación.
            </li>
            <li>
              <span className={strong}>Si nos pides agregar tu campus</span> («Mi campus no
              aparece»): el nombre y la ciudad que escribes, para saber cuántos estudiantes lo
              piden, poder unirte a él como campus pendiente y escribirte una vez cuando lo
              agreguemos a la lista.
            </li>
            <li>
              <span className={strong}>Si nos dices qué quieres vender</span> («¿Quieres vender en
              tu campus?»): las categorías que marcas, para saber si tu campus tendrá vendedores al
              abrir. Es voluntario: puedes cambiarlo o borrarlo cuando quieras, y se borra al salir
              de la lista.
            </li>
            <li>
              <span className={strong}>De dónde llegaste</span>, si el enlace que abriste lo dice
              (sus parámetros utm_source, utm_medium y utm_campaign, por ejemplo «whatsapp»): esos
              tres valores, recortados a letras, números, guiones y hasta 40 caracteres (cualquier
              otro valor se guarda como «otro»), una sola vez al unirte, para saber qué medio trae a
              los estudiantes de cada campus. Solo los contamos por campus; no usamos cookies ni
              servicios de terceros para esto, y se borran al salir de la lista.
            </li>
            <li>
              <span className={strong}>En tu navegador</span> (almacenamiento local): tu correo, tu
              registro en la lista y el campus que elegiste, para mostrarte tu lugar cuando vuelves,
              y qué pasos de tu tarjeta dejaste abiertos, además de tu sesión iniciada. Se borran al
              cerrar sesión. Durante tu visita, el código de invitación y los parámetros utm con los
              que llegaste, hasta que te unes.
            </li>
          </ul>
          <p>
            No recabamos datos personales sensibles, y no usamos cookies ni herramientas de
            publicidad o de analítica. Si falla tu inicio de sesión o tu registro, la página nos
            avisa solo qué falló y el tipo de error, para poder arreglarlo: ese aviso no lleva tu
            cuenta, tu correo ni tu campus, y no guardamos nada más de él.
          </p>
        </Section>

        <Section id="finalidades">
          <p>
            <span className={strong}>Finalidad principal:</span> avisarte por correo cuando el
            marketplace abra en tu campus, y saber si ya estás en la lista para no registrarte dos
            veces. Para decidir cuándo abrir cada campus contamos a los estudiantes verificados por
            su correo universitario; a ti solo te mostramos cifras de tu campus desde 10
            estudiantes, para que ninguna cifra permita identificar a nadie.
          </p>
          <p>
            Por correo te escribimos pocas veces: una bienvenida al unirte (con el avance de tu
            campus y tu enlace de invitación), un aviso cuando tu campus llega al 25, 50, 75 y 100 %
            de los estudiantes que necesita para abrir (uno por cada meta, solo desde 10 estudiantes
            verificados), el aviso de que el marketplace abrió en tu campus y, si pediste un campus,
            el aviso de que ya está en la lista. Cada correo trae un enlace personal para salir de
            la lista con un clic, sin iniciar sesión; guardamos cuándo te enviamos cada uno.
          </p>
          <p>
            <span className={strong}>Finalidad secundaria, solo con tu consentimiento:</span>{' '}
            mostrar tu foto de perfil de Google, sin tu nombre, en la página principal, junto a las
            de otros estudiantes de la lista; la ve cualquier visitante, y el equipo revisa cada
            foto antes de mostrarla. Puedes retirar tu consentimiento cuando quieras desde la
            tarjeta de la lista de espera, o escribiéndonos a <Email />. Si no lo das, o lo retiras,
            sigues en la lista igual.
          </p>
        </Section>

        <Section id="conservacion">
          <ul className={list}>
            <li>
              <span className={strong}>Tu registro, tu permiso para la foto y tu cuenta</span>:
              mientras sigas en la lista. «Salir de la lista de espera» los borra al instante, los
              tres, junto con tu enlace de invitación, el registro de con qué enlace llegaste, lo
              que quieres vender, de dónde llegaste y el registro de los correos que te enviamos; el
              enlace para salir de nuestros correos hace lo mismo. Cuando el marketplace abra en tu
              campus y te avisemos, borraremos tu registro en los {RETENTION.afterLaunchDays} días
              siguientes.
            </li>
            <li>
              <span className={strong}>Una huella de tu dirección de correo</span> (un código del
              que no se puede leer tu correo) con la fecha de cada correo que le enviamos: la
              guardamos {RETENTION.mailLedgerDays} días aunque salgas de la lista, para no enviar la
              bienvenida a una misma dirección más de una vez al mes ni más de tres correos al día;
              después se borra sola.
            </li>
            <li>
              <span className={strong}>Si un correo que te enviamos no se puede entregar</span> (la
              dirección no existe) o lo reportas como no deseado: una huella de la dirección, para
              no volver a escribirle, aunque salgas de la lista.
            </li>
            <li>
              <span className={strong}>El registro de lo que hace nuestro equipo</span>: si
              consultamos, descargamos o borramos tu registro (por ejemplo, para atender una
              solicitud tuya), lo anotamos con el identificador interno de tu cuenta, nunca con tu
              correo, y lo guardamos {RETENTION.operatorLogDays / 365} años aunque salgas de la
              lista; nadie puede cambiar esas anotaciones.
            </li>
            <li>
              <span className={strong}>Una cuenta que inició sesión y no se unió a la lista</span>:
              la borramos tras {RETENTION.idleAccountDays} días sin actividad.
            </li>
            <li>
              <span className={strong}>Tu foto en la página principal</span>: deja de mostrarse al
              retirar tu permiso; la copia que guarda el servidor para mostrarla más rápido
              desaparece en unos minutos.
            </li>
          </ul>
        </Section>

        <Section id="edad">
          <p>
            La lista es para personas de 18 años o más: al unirte lo confirmas. Si eres menor de
            edad, no te unas: tu madre, padre o tutor puede escribirnos a <Email /> y borraremos
            cualquier dato tuyo que tengamos.
          </p>
        </Section>

        <Section id="transferencias">
          <p>
            No vendemos ni transferimos tus datos personales a nadie. Solo los tratan, por encargo
            nuestro y siguiendo nuestras instrucciones, los proveedores de la siguiente sección
            (encargados), salvo que una autoridad competente nos los requiera conforme a la ley.
          </p>
        </Section>

        <Section id="encargados">
          {processors.length > 0 && (
            <ul className={list}>
              {processors.map((p) => (
                <li key={p.name}>
                  <Value>{p.name}</Value>: {p.role}
                </li>
              ))}
            </ul>
          )}
          <p>{note}</p>
        </Section>

        <Section id="derechos">
          <p>
            Tienes derecho a <span className={strong}>acceder</span> a tus datos,{' '}
            <span className={strong}>rectificarlos</span>,{' '}
            <span className={strong}>cancelarlos</span> u <span className={strong}>oponerte</span> a
            que los usemos (derechos ARCO), y a retirar tu consentimiento. Es gratis.
          </p>
          <p>
            <span className={strong}>Lo más rápido:</span> inicia sesión y, en la tarjeta de la
            lista de espera, revisa tu registro o retira tu consentimiento para la foto. El botón
            «Salir de la lista de espera» borra tu registro, tu consentimiento y tu cuenta al
            instante.
          </p>
          <p>
            <span className={strong}>Por correo:</span> escríbenos a <Email /> desde el correo con
            el que te uniste, e incluye:
          </p>
          <ul className={list}>
            <li>tu nombre y el correo de tu cuenta;</li>
            <li>qué derecho quieres ejercer y sobre qué datos;</li>
            <li>si quieres corregir un dato, cuál es el correcto.</li>
          </ul>
          <p>
            Si escribes desde otro correo, o en nombre de otra persona, te pediremos acreditar tu
            identidad o la representación. Te responderemos en un plazo máximo de{' '}
            {ARCO_DEADLINES.answerDays} días hábiles desde que recibamos tu solicitud completa y, si
            procede, la haremos efectiva dentro de los {ARCO_DEADLINES.carryOutDays} días hábiles
            siguientes.
          </p>
          <p>
            Si no te respondemos o no estás de acuerdo con la respuesta, puedes acudir a la
            Secretaría Anticorrupción y Buen Gobierno, la autoridad de protección de datos
            personales.
          </p>
        </Section>

        <Section id="cambios">
          <p>
            Si cambiamos este aviso, publicaremos la nueva versión en esta misma página, con su
            fecha de actualización. Si el cambio afecta para qué usamos tus datos, también te
            avisaremos por correo antes de aplicarlo.
          </p>
        </Section>

        <Section id="actualizacion">
          <p>
            Este aviso se actualizó por última vez el <UpdatedOn />.
          </p>
        </Section>
      </main>
      <Footer home="/" year={<CurrentYear />} />
    </>
  );
}

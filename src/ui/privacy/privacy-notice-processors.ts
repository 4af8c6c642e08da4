/** Who processes the students' data for us (encargados), per backend, in Spanish. */
export interface Processor {
  name: string;
  /** What it does for us, and which data it receives. */
  role: string;
}

export interface ProcessorList {
  processors: readonly Processor[];
  /** A sentence shown after the list (where the data may be stored), or a development note. */
  note: string;
}

const ABROAD =
  'Estos proveedores pueden guardar los datos en servidores fuera de México (por ejemplo, en Estados Unidos), con las medidas de seguridad que exige la ley.';

/** Who sends the e-mails (issue 25): named by the build (VITE_PRIVACY_MAIL_PROVIDER). */
const mailSender = (name: string): Processor => ({
  name,
  role: 'El envío de nuestros correos (la bienvenida y el aviso de que el marketplace abrió en tu campus): recibe tu nombre, tu correo, el nombre de tu campus y tu enlace personal para salir de la lista.',
});

/** The processors of a backend's build (`__BACKEND__`); `mailProvider` sends the e-mails. */
export function processorsFor(backend: string, mailProvider: string): ProcessorList {
  if (backend === 'firebase') {
    return {
      processors: [
        {
          name: 'Google LLC (Firebase)',
          role: 'Inicio de sesión con tu cuenta de Google (Firebase Authentication), la lista de espera (Cloud Firestore), las fotos de la página principal (Cloud Functions) y el alojamiento de esta página (Firebase Hosting).',
        },
        {
          name: 'Algolia',
          role: 'La búsqueda de universidades: recibe solo el texto que escribes para buscar tu universidad, nunca tu nombre ni tu correo.',
        },
        mailSender(mailProvider),
      ],
      note: ABROAD,
    };
  }
  if (backend === 'supabase') {
    return {
      processors: [
        {
          name: 'Supabase, Inc.',
          role: 'Inicio de sesión con tu cuenta de Google (Supabase Auth), la base de datos de la lista de espera, la búsqueda de universidades y las fotos de la página principal.',
        },
        {
          name: 'Google LLC',
          role: 'Confirma tu identidad cuando inicias sesión con tu cuenta de Google.',
        },
        mailSender(mailProvider),
      ],
      note: `${ABROAD} El servicio que aloja esta página recibe, como cualquier sitio web, la dirección IP de quien la visita.`,
    };
  }
  return {
    processors: [],
    note: 'Versión de desarrollo: esta compilación guarda todo en tu propio navegador y no envía tus datos a ningún proveedor. La versión publicada lista aquí a sus encargados.',
  };
}

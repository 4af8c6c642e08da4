import { isPendingCampusId } from '@/domain/campus-request';
import { type CampusProgress, type MyCampus, studentsMissing } from '@/domain/campus-progress';

const longDay = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'UTC' });

/** '2027-01-15' as '15 de enero de 2027' (a calendar day: no time zone moves it). */
export const formatDay = (day: string): string => longDay.format(new Date(`${day}T00:00:00Z`));

/**
 * The campus's line (issue 28), e.g. 'UDG - CUCEI: faltan 63 estudiantes para abrir'. Below the
 * floor there is no figure to give: the campus is just starting.
 */
export function campusHeadline(label: string, progress: CampusProgress): string {
  // A campus a student asked for (issue 49): no threshold yet, only a promise.
  if (isPendingCampusId(progress.collegeId)) {
    return `${label}: lo revisaremos y te escribiremos cuando esté en la lista`;
  }
  if (progress.state === 'open') return `${label} ya está abierto`;
  if (progress.state === 'opening') return `${label} está por abrir`;
  const missing = studentsMissing(progress);
  if (missing === null) return `${label}: tu campus apenas está empezando`;
  if (missing === 0) return `${label} ya reunió a los estudiantes para abrir`;
  return missing === 1
    ? `${label}: falta 1 estudiante para abrir`
    : `${label}: faltan ${missing} estudiantes para abrir`;
}

/** The opening date's line, when the team has set one. */
export function campusDate(progress: CampusProgress): string | null {
  if (!progress.opensOn) return null;
  const day = formatDay(progress.opensOn);
  return progress.state === 'open' ? `Abrió el ${day}` : `Fecha de apertura: ${day}`;
}

/** The figure under the bar ('37 de 100 estudiantes verificados'), from the floor up only. */
export const campusCount = (progress: CampusProgress): string | null =>
  progress.verified === null
    ? null
    : `${progress.verified} de ${progress.threshold} estudiantes verificados`;

/** A campus's progress in one line, floored as everywhere: its headline, and its count past the floor. */
export function campusProgressLine(label: string, progress: CampusProgress): string {
  const count = campusCount(progress);
  return `${campusHeadline(label, progress)}${count ? ` (${count})` : ''}`;
}

/** Whether the student counts, and what makes them count when they do not. */
export function verificationText(campus: MyCampus): string {
  if (campus.verified) {
    return campus.university
      ? `Verificado con tu correo ${campus.university}`
      : 'Verificado con tu correo universitario';
  }
  return campus.university
    ? `Tu correo de inicio de sesión no es ${campus.university}: verifica tu correo universitario para contar en el avance de tu campus.`
    : 'Aún no podemos verificar correos de este campus.';
}

/** The message a classmate receives, naming the campus (the link follows it). */
export const inviteMessage = (campusLabel: string): string =>
  `¡Me uní a la lista de espera de De estudiantes a estudiantes para ${campusLabel}! Únete tú también para que el marketplace abra pronto en nuestro campus:`;

/** 'Invitar por WhatsApp': WhatsApp's share link with the message and the link, encoded. */
export const whatsappLink = (campusLabel: string, link: string): string =>
  `https://wa.me/?text=${encodeURIComponent(`${inviteMessage(campusLabel)} ${link}`)}`;

/** How many classmates joined with the student's link. */
export const invitedText = (joined: number): string =>
  joined === 0
    ? 'Aún nadie se ha unido con tu enlace.'
    : joined === 1
      ? '1 compañero se unió con tu enlace'
      : `${joined} compañeros se unieron con tu enlace`;

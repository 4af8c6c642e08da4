// The operators' CSV (export-waitlist, report): one line per row, cells safe to open in a
// spreadsheet.

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break, and, when it starts like a
 * spreadsheet formula (= + - @, or a tab or carriage return), prefixed with an apostrophe so that
 * a spreadsheet shows it as text.
 */
export function csvCell(value) {
  let text = String(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells) => cells.map(csvCell).join(',');

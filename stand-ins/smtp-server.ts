import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the local server does with the next recipients: take them, or refuse as a provider would. */
export type SmtpMode = 'accept' | 'down';

export interface LocalSmtp {
  /** smtp://127.0.0.1:PORT (no TLS, no login: this machine only). */
  readonly url: string;
  /** Every message received, parsed by mailparser (when `parse` is on), in order of arrival. */
  readonly received: ParsedMail[];
  /** How many messages were accepted (parsed or not). */
  accepted(): number;
  /** How many messages each recipient address was handed, parsed or not. */
  readonly byRecipient: Map<string, number>;
  /** 'down' answers 421 to every message: a transient failure, as a provider that is down. */
  set(mode: SmtpMode): void;
  /** Addresses refused for good (550) whatever the mode. */
  readonly refused: Set<string>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on this machine (smtp-server from npm) for the sender's tests and benchmark:
 * it speaks the protocol nodemailer speaks to any provider, and parses what it receives.
 * `parse: false` counts messages without parsing them (the benchmark's 10,000).
 */
export async function startLocalSmtp({ parse = true, port = 0 } = {}): Promise<LocalSmtp> {
  const received: ParsedMail[] = [];
  const refused = new Set<string>();
  let mode: SmtpMode = 'accept';
  let accepted = 0;
  const byRecipient = new Map<string, number>();
  const count = (session: { envelope: { rcptTo: { address: string }[] } }) => {
    for (const { address } of session.envelope.rcptTo) {
      byRecipient.set(address, (byRecipient.get(address) ?? 0) + 1);
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onMailFrom(_address, _session, callback) {
      if (mode === 'down') {
        return callback(
          Object.assign(new Error('Service not available, try later'), { responseCode: 421 }),
        );
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) {
        return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      if (!parse) {
        stream.on('data', () => {});
        stream.on('end', () => {
          accepted++;
          count(session);
          callback();
        });
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          accepted++;
          count(session);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    byRecipient,
    refused,
    accepted: () => accepted,
    set: (next) => void (mode = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

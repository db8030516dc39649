import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMessage {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback (on `port`, else any free one) that keeps every message it receives. */
export async function startSmtpServer(port = 0) {
  const messages: ReceivedMessage[] = [];
  const onEachMessage = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw });
        callback();
        for (const notify of onEachMessage) notify();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  /** Resolves with the first message `matches` accepts, once it has arrived. */
  const messageWhere = (matches: (message: ReceivedMessage) => boolean) =>
    new Promise<ReceivedMessage>((resolve) => {
      const look = () => {
        const found = messages.find(matches);
        if (!found) return;
        onEachMessage.delete(look);
        resolve(found);
      };
      onEachMessage.add(look);
      look();
    });

  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    messages,
    firstMessage: () => messageWhere(() => true),
    messageTo: (address: string) => messageWhere((message) => message.to.includes(address)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft breaks and escapes enough to read codes and links. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

import { useEffect, useState } from 'react';
import { z } from 'zod';
import { api } from '../../api/api';

const authConfigSchema = z.object({ dev_mail_outbox: z.string().nullable() });

/** Asked once per load: the answer is the server's configuration, which does not change while it runs. */
let asked: Promise<string | null> | null = null;
function devMailOutbox(): Promise<string | null> {
  asked ??= api<unknown>('/api/auth/config').then(
    (data) => authConfigSchema.safeParse(data).data?.dev_mail_outbox ?? null,
    () => {
      asked = null;
      return null;
    },
  );
  return asked;
}

/**
 * Under "we sent you an e-mail" on a development server (no SMTP): where the mail really went, so
 * nobody waits for an inbox that will never receive it (D-527). Nothing on a server that sends mail.
 */
export function DevOutboxNote() {
  const [outbox, setOutbox] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void devMailOutbox().then((dir) => {
      if (alive) setOutbox(dir);
    });
    return () => {
      alive = false;
    };
  }, []);
  if (outbox === null) return null;
  return (
    <p className="muted dev-outbox">
      Development server: mails are written to {outbox} instead of being sent.
    </p>
  );
}

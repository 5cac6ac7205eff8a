import { z } from 'zod';
import { repoPath } from '../config/repo-path';
import { DEFAULT_MAIL_FROM } from '../../mail/mailer';

/** The mail settings of every service that sends mail (sync-server: accounts; worker: lead confirmations). */
export const mailEnvShape = {
  /** SMTP delivery (e.g. smtp://user:pass@mail:587); unset → files in the dev outbox. */
  SMTP_URL: z
    .url()
    .refine((v) => /^smtps?:/.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
  /** The dev outbox folder; relative to the repo root, so every service writes the one the launcher lists. */
  OUTBOX_DIR: z.string().min(1).default('.linkhub/outbox').transform(repoPath),
} as const;

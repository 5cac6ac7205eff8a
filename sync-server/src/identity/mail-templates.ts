import type { MailMessage } from '@linkhub/shared/mail/mailer';

/** The account e-mails, as plain text (every client renders it; links are on their own line). */

export function verificationEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your LinkHub email address',
    text: `Welcome to LinkHub.\n\nConfirm this address to publish pages and links:\n\n${link}\n\nThe link works for 24 hours. If you did not sign up, ignore this message.`,
  };
}

export function magicLinkEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Your LinkHub sign-in link',
    text: `Use this link to sign in to LinkHub:\n\n${link}\n\nIt works once, for 15 minutes. If you did not ask for it, ignore this message.`,
  };
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your LinkHub password',
    text: `Someone asked to reset the password of this LinkHub account.\n\nChoose a new password here:\n\n${link}\n\nThe link works once, for 1 hour. If it was not you, ignore this message; your password is unchanged.`,
  };
}

export function invitationEmail(
  to: string,
  opts: { workspaceName: string; inviterName: string; role: string; link: string },
): MailMessage {
  return {
    to,
    subject: `${opts.inviterName} invited you to ${opts.workspaceName} on LinkHub`,
    text: `${opts.inviterName} invited you to join the workspace "${opts.workspaceName}" as ${opts.role}.\n\nAccept the invitation:\n\n${opts.link}\n\nNo LinkHub account yet? Create one there with this address, ${to}, and you join at once.\n\nThe invitation expires in 7 days.`,
  };
}

/** To the owner of an address someone tried to sign up with again (16.9: the sign-up answer does not say it is taken). */
export function signupAttemptEmail(to: string, signInLink: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to sign up to LinkHub with your address',
    text: `Someone tried to create a LinkHub account with this address, which already has one.\n\nIf it was you, sign in here (choose "Forgot password?" there if you need a new one):\n\n${signInLink}\n\nIf it was not you, ignore this message; nothing changed.`,
  };
}

import nodemailer, { type Transporter } from 'nodemailer';

/**
 * SMTP when SMTP_URL is set (e.g. smtps://user:pass@smtp.example.com); otherwise a local transport
 * that keeps messages in the outbox table only (the dev mail page reads them there).
 */
export function createTransport(smtpUrl: string | undefined): Transporter {
  if (smtpUrl) return nodemailer.createTransport(smtpUrl);
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
}

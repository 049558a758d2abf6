import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Spec §5: a captcha guards emailed links. Providers sit behind this interface. */
export interface CaptchaVerifier {
  readonly kind: 'local' | 'recaptcha';
  readonly siteKey: string | null;
  /** A challenge to show, for providers that answer in-page (the local one); null otherwise. */
  challenge(now: Date): { token: string; question: string } | null;
  /** `spend` records a one-time key until an instant, and says whether it was the first time (in every process). */
  verify(value: string | undefined, ip: string, now: Date, spend: SpendOnce): Promise<boolean>;
}

/** Records `key` as used until `until`; true the first time, false for a key already used. */
export type SpendOnce = (key: string, until: Date) => Promise<boolean>;

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * The fresh-machine default: a small arithmetic question, answered in the modal. The token is
 * stateless (an HMAC over expiry, nonce and answer); its nonce is spent once, until the token expires.
 */
export class LocalCaptcha implements CaptchaVerifier {
  readonly kind = 'local' as const;
  readonly siteKey = null;

  constructor(private readonly secret: Buffer) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  challenge(now: Date) {
    const a = randomInt(2, 10);
    const b = randomInt(2, 10);
    const exp = now.getTime() + CHALLENGE_TTL_MS;
    const nonce = randomBytes(9).toString('base64url');
    return {
      token: `${exp}.${nonce}.${this.sign(`${exp}.${nonce}.${a + b}`)}`,
      question: `What is ${a} + ${b}?`,
    };
  }

  async verify(value: string | undefined, _ip: string, now: Date, spend: SpendOnce): Promise<boolean> {
    const [token, answer] = (value ?? '').split(':');
    const [exp, nonce, mac] = (token ?? '').split('.');
    if (!exp || !nonce || !mac || !answer || !/^\d{1,3}$/.test(answer.trim())) return false;
    if (!/^\d{1,15}$/.test(exp) || Number(exp) < now.getTime()) return false;
    const expected = Buffer.from(this.sign(`${exp}.${nonce}.${Number(answer.trim())}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return spend(`captcha:${nonce}`, new Date(Number(exp)));
  }
}

/** Google reCAPTCHA, when RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY are configured. */
export class RecaptchaVerifier implements CaptchaVerifier {
  readonly kind = 'recaptcha' as const;

  constructor(
    readonly siteKey: string,
    private readonly secret: string,
    private readonly verifyUrl = 'https://www.google.com/recaptcha/api/siteverify',
  ) {}

  challenge() {
    return null;
  }

  async verify(value: string | undefined, ip: string): Promise<boolean> {
    if (!value) return false;
    try {
      const res = await fetch(this.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response: value, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await res.json()) as { success?: boolean };
      return body.success === true;
    } catch {
      return false;
    }
  }
}

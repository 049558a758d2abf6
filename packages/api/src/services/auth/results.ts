import type { LockoutInfo, TwoFactorMethod } from '@quire/domain';

/** Spec §3 AuthInfo: a signed-in result (the session itself travels in the HttpOnly cookie). */
export interface AuthInfo {
  __typename: 'AuthInfo';
  uid: string;
  redirect: string;
}

/** An error member of a result union: its `message` is the text the client shows. */
export interface Failure<T extends string> {
  __typename: T;
  message: string;
}

/** An error member that also carries spec §7 LockoutInfo. */
export interface LockoutFailure<T extends string> extends Failure<T> {
  lockoutInfo: LockoutInfo;
}

export const fail = <T extends string>(__typename: T, message: string): Failure<T> => ({
  __typename,
  message,
});

/** Spec §7 LoginUser result. */
export type LoginResult =
  | AuthInfo
  | { __typename: 'AuthToken'; token: string; method: TwoFactorMethod }
  | LockoutFailure<
      | 'InvalidPassword'
      | 'PasswordSoftLockout'
      | 'PasswordPermanentLockout'
      | 'IpAuthLockout'
      | 'InvalidTwoFactorAuthCode'
      | 'TwoFactorAuthSoftLockout'
      | 'TwoFactorAuthPermanentLockout'
    >
  | Failure<'NotFound' | 'BadRequest'>;

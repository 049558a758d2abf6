/** Selection of an error member: message, plus lockoutInfo where the spec gives it. */
const errors = (...names: string[]) => names.map((n) => `... on ${n} { message }`).join(' ');
const lockouts = (...names: string[]) =>
  names.map((n) => `... on ${n} { message lockoutInfo { failCount lockedOutUntil } }`).join(' ');

/** Spec §7 sign-in operations, registered under their exact names (persisted documents). */
export const authDocuments: Readonly<Record<string, string>> = {
  MagicLinkPreferredQuery: `query MagicLinkPreferredQuery($email: String!) {
    magicLinkPreferred(email: $email) { __typename ... on PrefersMagicLink { result } ${errors('NotFound')} }
  }`,
  EmailAvailability: `query EmailAvailability($email: String!) { emailAvailability(email: $email) }`,
  AccountTokenQuery: `query AccountTokenQuery { accountToken }`,
  CreateAccount: `mutation CreateAccount($accessToken: String, $accessTokenSecret: String, $accountName: String,
      $email: String!, $entryPoint: String, $identityToken: String, $name: String!, $redirect: String, $nonce: String,
      $onboardingStatus: String, $password: String, $source: String, $username: String) {
    createAccount(accessToken: $accessToken, accessTokenSecret: $accessTokenSecret, accountName: $accountName,
      email: $email, entryPoint: $entryPoint, identityToken: $identityToken, name: $name, redirect: $redirect,
      nonce: $nonce, onboardingStatus: $onboardingStatus, password: $password, source: $source, username: $username) {
      __typename ... on AuthInfo { uid sessionToken redirect }
      ${errors('Forbidden', 'AlreadyExists', 'UserCreationRateLimited', 'BadRequest')}
    }
  }`,
  CrupdatePassword: `mutation CrupdatePassword($password: String!, $oldPassword: String, $token: String) {
    crupdatePassword(password: $password, oldPassword: $oldPassword, token: $token) {
      __typename ... on Success { success redirect }
      ${errors('Forbidden', 'NotFound', 'BadRequest', 'ExpiredCredentials', 'MalformedOAuthToken')}
      ${lockouts('InvalidPassword', 'PasswordSoftLockout', 'PasswordPermanentLockout', 'IpAuthLockout')}
    }
  }`,
  SendAcctAuthEmail: `mutation SendAcctAuthEmail($email: String!, $redirect: String, $fullName: String, $captchaValue: String,
      $operation: String, $onMobileWeb: Boolean, $resetPasswordFlow: Boolean) {
    sendAcctAuthEmail(email: $email, redirect: $redirect, fullName: $fullName, captchaValue: $captchaValue,
      operation: $operation, onMobileWeb: $onMobileWeb, resetPasswordFlow: $resetPasswordFlow) {
      __typename ... on SusiMethod { value } ${errors('BadRequest', 'FailedChallenge', 'NotFound')}
    }
  }`,
  VerifyLoginCode: `mutation VerifyLoginCode($email: String!, $loginCode: String!) {
    verifyLoginCode(email: $email, loginCode: $loginCode) {
      __typename ... on Token { value redirectUrl } ${errors('BadRequest', 'NotFound', 'TooManyRequests')}
    }
  }`,
  LoginUser: `mutation LoginUser($email: String, $operation: String, $password: String, $referrer: String, $state: String,
      $token: String, $twoFactorVerificationCode: String, $backupCode: String) {
    loginUser(email: $email, operation: $operation, password: $password, referrer: $referrer, state: $state, token: $token,
      twoFactorVerificationCode: $twoFactorVerificationCode, backupCode: $backupCode) {
      __typename ... on AuthInfo { uid sessionToken redirect } ... on AuthToken { token method }
      ${lockouts(
        'InvalidPassword',
        'PasswordSoftLockout',
        'PasswordPermanentLockout',
        'IpAuthLockout',
        'InvalidTwoFactorAuthCode',
        'TwoFactorAuthSoftLockout',
        'TwoFactorAuthPermanentLockout',
      )}
      ${errors('NotFound', 'BadRequest')}
    }
  }`,
  CrupdateTwoFactorAuth: `mutation CrupdateTwoFactorAuth($authyId: String!, $preferredMethod: String!, $verificationCode: String!) {
    crupdateTwoFactorAuth(authyId: $authyId, preferredMethod: $preferredMethod, verificationCode: $verificationCode) {
      __typename ... on Success { success }
      ${lockouts('InvalidTwoFactorAuthCode', 'TwoFactorAuthSoftLockout', 'TwoFactorAuthPermanentLockout')}
      ${errors('BadRequest')}
    }
  }`,
  RegisterAuthyUser: `mutation RegisterAuthyUser($countryCode: String, $phoneNumber: String, $preferredMethod: String!) {
    registerAuthyUser(countryCode: $countryCode, phoneNumber: $phoneNumber, preferredMethod: $preferredMethod) {
      __typename ... on AuthyUser { authyId otpauthUri secret } ${errors('BadRequest')}
    }
  }`,
  crupdateTwoFactorBackupCodes: `mutation crupdateTwoFactorBackupCodes($userId: ID!) {
    crupdateTwoFactorBackupCodes(userId: $userId) { __typename ... on BackupCodes { backupCodes } ${errors('NotFound')} }
  }`,
  sendVerificationEmail: `mutation sendVerificationEmail { sendVerificationEmail }`,
};

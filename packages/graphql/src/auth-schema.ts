/** SDL for spec §7's sign-in calls: result unions whose error members carry `message` (and lockoutInfo). */
export const authTypeDefs = /* GraphQL */ `
  "Spec §3 LockoutInfo."
  type LockoutInfo {
    failCount: Int!
    lockedOutUntil: String
  }
  "Spec §3 AuthInfo. The session token travels only in the HttpOnly cookie, so sessionToken is null."
  type AuthInfo {
    uid: ID!
    sessionToken: String
    redirect: String!
  }
  "Spec §3 AuthToken: sign-in needs a second factor; send it back with the code."
  type AuthToken {
    token: String!
    method: String!
  }
  type PrefersMagicLink {
    result: Boolean!
  }
  type SusiMethod {
    value: String!
  }
  type Token {
    value: String!
    redirectUrl: String!
  }
  type Success {
    success: Boolean!
    redirect: String
  }
  type AuthyUser {
    authyId: String!
    otpauthUri: String
    secret: String
  }
  type BackupCodes {
    backupCodes: [String!]!
  }
  type NotFound {
    message: String!
  }
  type BadRequest {
    message: String!
  }
  type Forbidden {
    message: String!
  }
  type AlreadyExists {
    message: String!
  }
  type UserCreationRateLimited {
    message: String!
  }
  type FailedChallenge {
    message: String!
  }
  type TooManyRequests {
    message: String!
  }
  type ExpiredCredentials {
    message: String!
  }
  type MalformedOAuthToken {
    message: String!
  }
  type InvalidPassword {
    message: String!
    lockoutInfo: LockoutInfo!
  }
  type PasswordSoftLockout {
    message: String!
    lockoutInfo: LockoutInfo!
  }
  type PasswordPermanentLockout {
    message: String!
    lockoutInfo: LockoutInfo!
  }
  type IpAuthLockout {
    message: String!
    lockoutInfo: LockoutInfo!
  }
  type InvalidTwoFactorAuthCode {
    message: String!
    lockoutInfo: LockoutInfo!
  }
  type TwoFactorAuthSoftLockout {
    message: String!
    lockoutInfo: LockoutInfo!
  }
  type TwoFactorAuthPermanentLockout {
    message: String!
    lockoutInfo: LockoutInfo!
  }

  union MagicLinkPreferredResult = PrefersMagicLink | NotFound
  union CreateAccountResult = AuthInfo | Forbidden | AlreadyExists | UserCreationRateLimited | BadRequest
  union CrupdatePasswordResult =
      Success
    | Forbidden
    | NotFound
    | InvalidPassword
    | PasswordSoftLockout
    | PasswordPermanentLockout
    | IpAuthLockout
    | BadRequest
    | ExpiredCredentials
    | MalformedOAuthToken
  union SendAcctAuthEmailResult = SusiMethod | BadRequest | FailedChallenge | NotFound
  union VerifyLoginCodeResult = Token | BadRequest | NotFound | TooManyRequests
  union LoginUserResult =
      AuthInfo
    | AuthToken
    | InvalidPassword
    | PasswordSoftLockout
    | PasswordPermanentLockout
    | IpAuthLockout
    | InvalidTwoFactorAuthCode
    | TwoFactorAuthSoftLockout
    | TwoFactorAuthPermanentLockout
    | NotFound
    | BadRequest
  union CrupdateTwoFactorAuthResult =
      Success
    | InvalidTwoFactorAuthCode
    | TwoFactorAuthSoftLockout
    | TwoFactorAuthPermanentLockout
    | BadRequest
  union RegisterAuthyUserResult = AuthyUser | BadRequest
  union TwoFactorBackupCodesResult = BackupCodes | NotFound

  extend type Query {
    magicLinkPreferred(email: String!): MagicLinkPreferredResult!
    emailAvailability(email: String!): Boolean!
    accountToken: String
  }

  extend type Mutation {
    createAccount(
      email: String!
      name: String!
      password: String
      username: String
      redirect: String
      source: String
      entryPoint: String
      onboardingStatus: String
      accessToken: String
      accessTokenSecret: String
      accountName: String
      identityToken: String
      nonce: String
    ): CreateAccountResult!
    crupdatePassword(password: String!, oldPassword: String, token: String): CrupdatePasswordResult!
    sendAcctAuthEmail(
      email: String!
      redirect: String
      fullName: String
      captchaValue: String
      operation: String
      onMobileWeb: Boolean
      resetPasswordFlow: Boolean
    ): SendAcctAuthEmailResult!
    verifyLoginCode(email: String!, loginCode: String!): VerifyLoginCodeResult!
    loginUser(
      email: String
      operation: String
      password: String
      referrer: String
      state: String
      token: String
      twoFactorVerificationCode: String
      backupCode: String
    ): LoginUserResult!
    crupdateTwoFactorAuth(authyId: String!, preferredMethod: String!, verificationCode: String!): CrupdateTwoFactorAuthResult!
    registerAuthyUser(countryCode: String, phoneNumber: String, preferredMethod: String!): RegisterAuthyUserResult!
    crupdateTwoFactorBackupCodes(userId: ID!): TwoFactorBackupCodesResult!
    sendVerificationEmail: Boolean!
  }
`;

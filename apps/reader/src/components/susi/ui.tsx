import type { SusiState } from '@quire/client-state';
import {
  CheckInboxStep,
  CreatePasswordStep,
  EmailStep,
  NameStep,
  OptionsStep,
  PasswordStep,
  RecoveryCodeStep,
  TwoFactorCodeStep,
  UnrecognizedStep,
} from './steps';

/**
 * The sign-in screens and account forms, loaded as their own chunk (see lazy.ts): they carry the zod input
 * schemas, which readers who never sign in do not download.
 */
export { PasswordForm, PasswordSignup } from '../../pages/PasswordForms';
export { TwoFactorSetup } from '../../pages/TwoFactorSetup';
export { SusiFlowProvider } from './flow';

/** The screen of the current step. */
export function StepView({ view }: { view: SusiState }) {
  switch (view.step) {
    case 'ENTER_EMAIL':
      return <EmailStep view={view} />;
    case 'UNRECOGNIZED_EMAIL':
      return <UnrecognizedStep view={view} />;
    case 'ENTER_NAME':
      return <NameStep view={view} />;
    case 'CREATE_PASSWORD':
      return <CreatePasswordStep view={view} />;
    case 'ENTER_PASSWORD':
      return <PasswordStep view={view} />;
    case 'VERIFY_2FA_CODE':
      return <TwoFactorCodeStep view={view} />;
    case 'ENTER_RECOVERY_CODE':
      return <RecoveryCodeStep view={view} />;
    case 'CHECK_YOUR_INBOX':
      return <CheckInboxStep view={view} />;
    default:
      // SIGNIN_OPTIONS, SIGNUP_OPTIONS, and ENTER_PHONE, whose screen the spec does not show.
      return <OptionsStep view={view} />;
  }
}

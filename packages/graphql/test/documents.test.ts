import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { persistedDocuments, typeDefs } from '../src';

const schema = buildSchema(`${typeDefs}`);

describe('persisted documents', () => {
  it('each validates against the shim schema and defines an operation of its own name', () => {
    for (const [name, document] of Object.entries(persistedDocuments)) {
      const ast = parse(document);
      expect(validate(schema, ast), name).toEqual([]);
      const op = ast.definitions.find((d) => d.kind === 'OperationDefinition');
      expect(op && 'name' in op ? op.name?.value : undefined).toBe(name);
    }
  });

  it('registers every spec §7 sign-in operation by its exact name', () => {
    for (const name of [
      'ViewerQuery',
      'VisitorQuery',
      'variantFlags',
      'MagicLinkPreferredQuery',
      'EmailAvailability',
      'AccountTokenQuery',
      'CreateAccount',
      'CrupdatePassword',
      'SendAcctAuthEmail',
      'VerifyLoginCode',
      'LoginUser',
      'CrupdateTwoFactorAuth',
      'RegisterAuthyUser',
      'crupdateTwoFactorBackupCodes',
      'sendVerificationEmail',
      'setUserStyleReminderSeen',
      'deletePost',
      'PostCacheController',
      'TopicCacheController',
      'undeletePost',
    ]) {
      expect(persistedDocuments[name], name).toBeDefined();
    }
  });
});

import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from './user.entity';

/** Spec §3 two-factor backupCodes (8-character recovery codes), each stored hashed and usable once. */
export const TwoFactorBackupCodeSchema = defineEntity({
  name: 'TwoFactorBackupCode',
  tableName: 'two_factor_backup_codes',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    codeHash: p.string().length(64),
    usedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['user', 'codeHash'] }],
});
export class TwoFactorBackupCode extends TwoFactorBackupCodeSchema.class {}
TwoFactorBackupCodeSchema.setClass(TwoFactorBackupCode);

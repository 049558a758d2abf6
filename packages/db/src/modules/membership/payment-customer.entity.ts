import { defineEntity, p } from '@mikro-orm/core';
import { PaymentProvider } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';

/** A user's customer record at a payment provider (e.g. a Stripe customer id). */
export const PaymentCustomerSchema = defineEntity({
  name: 'PaymentCustomer',
  tableName: 'payment_customers',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    provider: enumOf(PaymentProvider),
    customerId: p.string().length(255),
  },
  uniques: [{ properties: ['user', 'provider'] }, { properties: ['provider', 'customerId'] }],
});
export class PaymentCustomer extends PaymentCustomerSchema.class {}
PaymentCustomerSchema.setClass(PaymentCustomer);

import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import { WalletBalanceListSchema } from '@portal/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './wallet.service.ts';

/**
 * The customer's wallet. QueryBalance needs no permission beyond being a signed-in user of the customer:
 * the home page of every user shows the balance (PRODUCT.md "Home"), and it answers even in arrears, when
 * knowing how much to top up matters most.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ApiPath.QueryWalletBalance,
    {
      config: { allowInArrears: true },
      schema: {
        tags: ['wallet'],
        summary: 'Balance, held, credit limit and available per currency (minor units), CNY first',
        response: { 200: envelopeSchema(WalletBalanceListSchema) },
      },
    },
    async (request) => request.ok(await service.queryBalances(app.db, request.auth)),
  );
};

import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import { WalletBalanceListSchema } from '@portal/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './wallet.service.ts';

/**
 * The customer's wallet: the whole company's money, so `finance:view` with the whole-company scope
 * (modules/organization/data-scope.ts). It answers even in arrears, when knowing how much to top up
 * matters most. Someone without it learns only whether the balance covers an order (the quote and submit).
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ApiPath.QueryWalletBalance,
    {
      config: { permission: Permission.FinanceView, dataScope: 'company', allowInArrears: true },
      schema: {
        tags: ['wallet'],
        summary: 'Balance, held, credit limit and available per currency (minor units), CNY first',
        response: { 200: envelopeSchema(WalletBalanceListSchema) },
      },
    },
    async (request) => request.ok(await service.queryBalances(app.db, request.auth)),
  );
};

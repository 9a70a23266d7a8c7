import type { Migration } from 'kysely';
import * as platform from './2026-11-22-001-platform.ts';
import * as applicationData from './2026-11-22-002-application-data.ts';
import * as currencies from './2026-11-22-010-currencies.ts';
import * as addresses from './2026-11-22-011-addresses.ts';
import * as addressMenu from './2026-11-22-012-address-menu.ts';
import * as signInHardening from './2026-11-23-020-sign-in-hardening.ts';
import * as signInFollowUps from './2026-11-23-025-sign-in-follow-ups.ts';
import * as americanSpelling from './2026-11-23-030-american-spelling.ts';
import * as products from './2026-11-23-040-products.ts';
import * as wallet from './2026-11-23-050-wallet.ts';
import * as orders from './2026-11-23-060-orders.ts';
import * as createOrderMenu from './2026-11-23-070-create-order-menu.ts';
import * as orderJourney from './2026-11-26-080-order-journey.ts';
import * as orderList from './2026-11-26-085-order-list.ts';
import * as tasksAndFiles from './2026-11-26-095-tasks-and-files.ts';
import * as settlement from './2026-11-27-100-settlement.ts';
import * as consumptionFlow from './2026-11-27-110-consumption-flow.ts';
import * as rechargeCreditedOnce from './2026-11-27-120-recharge-credited-once.ts';
import * as orderImports from './2026-11-28-130-order-imports.ts';
import * as verificationCodes from './2026-11-29-140-verification-codes.ts';
import * as registration from './2026-11-29-150-registration.ts';
import * as wechatAndSso from './2026-11-29-160-wechat-and-sso.ts';
import * as organization from './2026-11-29-180-organization.ts';
import * as customerProfile from './2026-11-29-170-customer-profile.ts';
import * as notifications from './2026-11-29-190-notifications.ts';
import * as apiTokens from './2026-11-29-220-api-tokens.ts';
import * as apiMenus from './2026-11-29-230-api-menus.ts';
import * as dataScope from './2026-12-07-240-data-scope.ts';
import * as orderSeqs from './2026-12-07-250-order-seqs.ts';
import * as catalogVersion from './2026-12-07-260-catalog-version.ts';
import * as importMappingDefaults from './2026-11-29-200-import-mapping-defaults.ts';
import * as listVersions from './2026-11-29-210-list-versions.ts';

/** Every migration, in order. Names sort by date; a new migration gets a new, later name here. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-platform': platform,
  '2026-11-22-002-application-data': applicationData,
  '2026-11-22-010-currencies': currencies,
  '2026-11-22-011-addresses': addresses,
  '2026-11-22-012-address-menu': addressMenu,
  '2026-11-23-020-sign-in-hardening': signInHardening,
  '2026-11-23-025-sign-in-follow-ups': signInFollowUps,
  '2026-11-23-030-american-spelling': americanSpelling,
  '2026-11-23-040-products': products,
  '2026-11-23-050-wallet': wallet,
  '2026-11-23-060-orders': orders,
  '2026-11-23-070-create-order-menu': createOrderMenu,
  '2026-11-26-080-order-journey': orderJourney,
  '2026-11-26-085-order-list': orderList,
  '2026-11-26-095-tasks-and-files': tasksAndFiles,
  '2026-11-27-100-settlement': settlement,
  '2026-11-27-110-consumption-flow': consumptionFlow,
  '2026-11-27-120-recharge-credited-once': rechargeCreditedOnce,
  '2026-11-28-130-order-imports': orderImports,
  '2026-11-29-140-verification-codes': verificationCodes,
  '2026-11-29-150-registration': registration,
  '2026-11-29-160-wechat-and-sso': wechatAndSso,
  '2026-11-29-170-customer-profile': customerProfile,
  '2026-11-29-180-organization': organization,
  '2026-11-29-190-notifications': notifications,
  '2026-11-29-200-import-mapping-defaults': importMappingDefaults,
  '2026-11-29-210-list-versions': listVersions,
  '2026-11-29-220-api-tokens': apiTokens,
  '2026-11-29-230-api-menus': apiMenus,
  '2026-12-07-240-data-scope': dataScope,
  '2026-12-07-250-order-seqs': orderSeqs,
  '2026-12-07-260-catalog-version': catalogVersion,
};

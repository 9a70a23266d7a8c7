import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  CnCityDistrictsQuerySchema,
  CnCitySchema,
  CnDivisionSchema,
  CnDivisionTreeNodeSchema,
  CnProvinceCitiesQuerySchema,
  CountrySchema,
  CurrencySchema,
  DictionaryItemSchema,
  DictionaryQuerySchema,
} from '@portal/contracts/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAnswerCache } from './cached-answer.ts';
import { listCountries } from './countries.ts';
import * as service from './reference.service.ts';

/** Exchange rates live in the database and may be updated; other instances see a change within this time. */
const CURRENCY_CACHE_MS = 60_000;

/**
 * Reference data for any signed-in user. Answers are serialised once per key and language, sent with
 * `Cache-Control: private, max-age=3600` and an ETag, and answered 304 when the browser's copy is current.
 */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createAnswerCache();
  const currencyCache = createAnswerCache(CURRENCY_CACHE_MS);
  const tags = ['reference'];

  app.get(
    ApiPath.GetAllCnProvinces,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary: 'Chinese provinces with official codes',
        response: { 200: envelopeSchema(z.array(CnDivisionSchema)) },
      },
    },
    (request, reply) => cache.send(request, reply, 'provinces', service.listProvinces),
  );

  app.get(
    ApiPath.GetCnProvinceCities,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary:
          'Cities of a province (a municipality answers itself; directly governed county-level cities have no districts)',
        querystring: CnProvinceCitiesQuerySchema,
        response: { 200: envelopeSchema(z.array(CnCitySchema)) },
      },
    },
    (request, reply) => {
      const province = service.findProvince(request.query.provinceName);
      return cache.send(request, reply, `cities:${province.code}`, () => service.listCities(province));
    },
  );

  app.get(
    ApiPath.GetCnCityDistricts,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary:
          'Districts of a city (towns for cities without districts; empty for a city without that level)',
        querystring: CnCityDistrictsQuerySchema,
        response: { 200: envelopeSchema(z.array(CnDivisionSchema)) },
      },
    },
    (request, reply) => {
      const city = service.findCity(request.query.cityName);
      return cache.send(request, reply, `districts:${city.code}`, () => service.listDistricts(city));
    },
  );

  app.get(
    ApiPath.GetCnDivisionTree,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary:
          'The whole province → city → district tree, with pinyin and initials for search and zh-TW names',
        response: { 200: envelopeSchema(z.array(CnDivisionTreeNodeSchema)) },
      },
    },
    (request, reply) => cache.send(request, reply, 'tree', () => service.divisionTree(request.language)),
  );

  app.get(
    ApiPath.GetCountry,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary: 'ISO 3166-1 countries with names and postal-code formats',
        response: { 200: envelopeSchema(z.array(CountrySchema)) },
      },
    },
    (request, reply) => cache.send(request, reply, 'countries', () => listCountries(request.language)),
  );

  app.get(
    ApiPath.GetSystemDictionaryByKey,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary: 'One system dictionary with labels in three languages',
        querystring: DictionaryQuerySchema,
        response: { 200: envelopeSchema(z.array(DictionaryItemSchema)) },
      },
    },
    (request, reply) => {
      const typeCode = service.dictionaryTypeCode(request.query.typeCode);
      return cache.send(request, reply, `dictionary:${typeCode}`, () =>
        service.getDictionary(typeCode, request.language),
      );
    },
  );

  app.get(
    ApiPath.QueryLaotieCurrency,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary: 'Accepted currencies with their exchange rate to CNY',
        response: { 200: envelopeSchema(z.array(CurrencySchema)) },
      },
    },
    (request, reply) =>
      currencyCache.send(request, reply, 'currencies', () =>
        service.listCurrencies(app.db, request.language),
      ),
  );
};

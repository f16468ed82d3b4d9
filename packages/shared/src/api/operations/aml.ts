import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam, pageNumber } from '../params.ts';
import {
  AML_RULES,
  AML_STATUSES,
  amlFlagDetailResponseSchema,
  amlFlagListResponseSchema,
  amlNoteSchema,
  amlReportExportResponseSchema,
  amlResolveSchema,
} from '../../compliance/aml.ts';

const flagParams = z.strictObject({ id: idParam });

/** The AML queue (decision 035): admins only; flags are raised by the payments, never by a call. */
export const AmlOperations = defineOperations({
  amlFlags: {
    method: 'GET',
    path: '/api/backoffice/aml/flags',
    audience: Audiences.admins,
    summary: 'AML flags, newest first, by rule and status (admins)',
    querystring: z.strictObject({
      page: pageNumber,
      rule: z.enum(AML_RULES).optional(),
      status: z.enum(AML_STATUSES).optional(),
    }),
    response: amlFlagListResponseSchema,
  },
  amlFlag: {
    method: 'GET',
    path: '/api/backoffice/aml/flags/:id',
    audience: Audiences.admins,
    summary: 'An AML flag with the transactions behind it, its notes and its resolution (admins)',
    params: flagParams,
    response: amlFlagDetailResponseSchema,
  },
  amlNote: {
    method: 'POST',
    path: '/api/backoffice/aml/flags/:id/notes',
    audience: Audiences.admins,
    summary: 'Adds a note to an AML flag; notes are never changed or removed (admins)',
    params: flagParams,
    body: amlNoteSchema,
    response: amlFlagDetailResponseSchema,
  },
  amlResolve: {
    method: 'POST',
    path: '/api/backoffice/aml/flags/:id/resolve',
    audience: Audiences.admins,
    summary: 'Resolves an open AML flag once: no action, or reported with its narrative (admins)',
    params: flagParams,
    body: amlResolveSchema,
    response: amlFlagDetailResponseSchema,
  },
  amlReports: {
    method: 'GET',
    path: '/api/backoffice/aml/reports',
    audience: Audiences.admins,
    summary:
      'The reported AML cases as CSV, one row per transaction, for the covered/suspicious transaction report (admins)',
    response: amlReportExportResponseSchema,
  },
});

/** The paths of AmlOperations, for callers. Built from the operations, so each path is written once. */
export const AmlRoutes = {
  flags: AmlOperations.amlFlags.path,
  flag: pathOfOne(AmlOperations.amlFlag),
  notes: pathOfOne(AmlOperations.amlNote),
  resolve: pathOfOne(AmlOperations.amlResolve),
  reports: AmlOperations.amlReports.path,
} as const;

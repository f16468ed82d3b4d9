import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AmlOperations, type AmlSettings } from '@karera/shared';
import { schemaOf } from '../../lib/operations.ts';
import { currentStaff, requireStaff } from '../../plugins/staff-auth.ts';
import { useAmlSettings } from './aml.rules.ts';
import { addAmlNote, amlFlagDetail, exportAmlReports, listAmlFlags, resolveAmlFlag } from './aml.service.ts';

const tags = ['backoffice'];

/**
 * The AML queue (decision 035): admins only. Agents and master agents bring in players and earn from them;
 * they neither see nor decide reports about them (a player must not be tipped off).
 * There is no route that changes or removes a flag or a note: the tables refuse it too.
 */
export function amlRoutes(settings: AmlSettings): FastifyPluginAsyncZod {
  return async (app) => {
    useAmlSettings(settings);
    const { db } = app;
    const admin = requireStaff('admin');
    const ops = AmlOperations;

    app.get(ops.amlFlags.path, { schema: schemaOf(ops.amlFlags, tags), preHandler: admin }, async (request) => ({
      statusCode: 200 as const,
      ...(await listAmlFlags(db, request.query)),
    }));
    app.get(ops.amlFlag.path, { schema: schemaOf(ops.amlFlag, tags), preHandler: admin }, async (request) =>
      amlFlagDetail(db, request.params.id),
    );
    app.post(ops.amlNote.path, { schema: schemaOf(ops.amlNote, tags), preHandler: admin }, async (request) =>
      addAmlNote(db, currentStaff(request), request.params.id, request.body.note, request.ip),
    );
    app.post(ops.amlResolve.path, { schema: schemaOf(ops.amlResolve, tags), preHandler: admin }, async (request) =>
      resolveAmlFlag(
        db,
        currentStaff(request),
        request.params.id,
        request.body.resolution,
        request.body.note,
        request.ip,
      ),
    );
    app.get(ops.amlReports.path, { schema: schemaOf(ops.amlReports, tags), preHandler: admin }, async (request) =>
      exportAmlReports(db, currentStaff(request), request.ip),
    );
  };
}

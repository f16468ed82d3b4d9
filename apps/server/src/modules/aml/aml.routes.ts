import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AmlOperations, type AmlSettings } from '@karera/shared';
import { currentStaff } from '../staff/index.ts';
import { recordAudit } from '../audit/index.ts';
import { useAmlSettings } from './aml.rules.ts';
import { addAmlNote, amlFlagDetail, exportAmlReports, listAmlFlags, resolveAmlFlag } from './aml.service.ts';
import { registerOperation } from '../../lib/register-operation.ts';

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
    const ops = AmlOperations;

    registerOperation(app, ops.amlFlags, { tags }, async (request) => ({
      statusCode: 200 as const,
      ...(await listAmlFlags(db, request.query)),
    }));
    // Every look at a case is audited (who read a report about whom), as views of identity photos are.
    registerOperation(app, ops.amlFlag, { tags }, async (request) => {
      const detail = await amlFlagDetail(db, request.params.id);
      await recordAudit(
        db,
        { type: 'staff', id: currentStaff(request).id, ip: request.ip },
        {
          action: 'aml.flag_viewed',
          targetType: 'aml_flag',
          targetId: detail.flag.id,
          details: { rule: detail.flag.rule, playerId: detail.flag.playerId },
        },
      );
      return detail;
    });
    registerOperation(app, ops.amlNote, { tags }, async (request) =>
      addAmlNote(db, currentStaff(request), request.params.id, request.body.note, request.ip),
    );
    registerOperation(app, ops.amlResolve, { tags }, async (request) =>
      resolveAmlFlag(
        db,
        currentStaff(request),
        request.params.id,
        request.body.resolution,
        request.body.note,
        request.ip,
      ),
    );
    registerOperation(app, ops.amlReports, { tags }, async (request) =>
      exportAmlReports(db, currentStaff(request), request.ip),
    );
  };
}

import { formatPeso, RACE_STATUS_LABELS, type AuditEntryView } from '@karera/shared';
import type { BoKey, BoT } from '../../i18n/useT.ts';
import { auditEn } from './auditEn.ts';

type ActionLabelKey = keyof typeof auditEn.actions;

/** The actions the log knows by name, for the filter: value and label key, in the order shown. */
export const KNOWN_AUDIT_ACTIONS = (Object.keys(auditEn.actions) as ActionLabelKey[]).map((key) => ({
  action: key.replace('_', '.'),
  label: `audit.actions.${key}` satisfies BoKey,
}));

const labelKeyOf = new Map<string, BoKey>(KNOWN_AUDIT_ACTIONS.map((a) => [a.action, a.label]));

/** "25 Nov" from a Manila calendar date (YYYY-MM-DD). */
export function shortDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  if (!year || !month || !day) return isoDay;
  const date = new Date(Date.UTC(year, month - 1, day));
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;
const amount = (value: unknown): string | null =>
  typeof value === 'number' && Number.isInteger(value) ? formatPeso(value) : null;
const statusLabel = (value: unknown): string =>
  typeof value === 'string' && value in RACE_STATUS_LABELS
    ? RACE_STATUS_LABELS[value as keyof typeof RACE_STATUS_LABELS]
    : String(value);

function actorOf(t: BoT, entry: AuditEntryView): string {
  if (entry.actorType === 'system') return t('audit.actor.system');
  if (entry.actorType === 'player') return t('audit.actor.player', { id: entry.actorId ?? '?' });
  if (entry.actorName && entry.actorRole) {
    return t('audit.actor.staff', { role: t(`roles.${entry.actorRole}`), name: entry.actorName });
  }
  return t('audit.actor.staffUnknown', { id: entry.actorId ?? '?' });
}

function raceOf(t: BoT, entry: AuditEntryView): string {
  if (entry.race) return t('audit.race', { raceNo: entry.race.raceNo, date: shortDay(entry.race.raceDate) });
  return t('audit.raceUnknown', { id: entry.targetId ?? '?' });
}

function runnerOf(t: BoT, entry: AuditEntryView): string {
  if (entry.race?.runnerNo) {
    return t('audit.runner', { runnerNo: entry.race.runnerNo, horse: entry.race.horseName ?? '' }).trim();
  }
  return t('audit.runnerUnknown', { id: entry.targetId ?? '?' });
}

function targetOf(t: BoT, entry: AuditEntryView): string | null {
  if (entry.targetType === null && entry.targetId === null) return null;
  return [entry.targetType, entry.targetId === null ? null : `#${entry.targetId}`].filter(Boolean).join(' ');
}

function generic(t: BoT, entry: AuditEntryView, actor: string): string {
  const key = labelKeyOf.get(entry.action);
  const action = key ? t(key) : entry.action;
  const target = targetOf(t, entry);
  return target ? t('audit.genericTarget', { actor, action, target }) : t('audit.generic', { actor, action });
}

/**
 * One entry as a sentence a person reads: who did what to which race, runner, player or payment.
 * Actions without a sentence of their own read "<actor>: <action label> (<target>)"; nothing is lost,
 * the entry's raw data stays one click away.
 */
export function auditSentence(t: BoT, entry: AuditEntryView): string {
  const actor = actorOf(t, entry);
  const d = entry.details;
  const player = (id: unknown) => t('audit.player', { id: text(id) ?? '?' });
  switch (entry.action) {
    case 'racing.event_created':
    case 'racing.event_updated':
      return t(
        entry.action === 'racing.event_created' ? 'audit.sentences.eventCreated' : 'audit.sentences.eventUpdated',
        {
          actor,
          name: text(d['name']) ?? `#${entry.targetId ?? '?'}`,
        },
      );
    case 'racing.race_created':
      return t('audit.sentences.raceCreated', { actor, race: raceOf(t, entry) });
    case 'racing.race_updated':
      return t('audit.sentences.raceUpdated', { actor, race: raceOf(t, entry) });
    case 'racing.race_status': {
      const race = raceOf(t, entry);
      switch (d['to']) {
        case 'O':
          return t('audit.sentences.statusO', { actor, race });
        case 'L':
          return t('audit.sentences.statusL', { actor, race });
        case 'C':
          return t('audit.sentences.statusC', { actor, race });
        case 'X':
          return t('audit.sentences.statusX', { actor, race });
        case 'D':
          return t('audit.sentences.statusD', { actor, race });
        default:
          return t('audit.sentences.statusOther', {
            actor,
            race,
            from: statusLabel(d['from']),
            to: statusLabel(d['to']),
          });
      }
    }
    case 'racing.runner_added':
      return t('audit.sentences.runnerAdded', { actor, runner: runnerOf(t, entry), race: raceOf(t, entry) });
    case 'racing.runner_updated':
      return t('audit.sentences.runnerUpdated', { actor, runner: runnerOf(t, entry), race: raceOf(t, entry) });
    case 'racing.runner_scratched':
      return t('audit.sentences.runnerScratched', { actor, runner: runnerOf(t, entry), race: raceOf(t, entry) });
    case 'racing.runner_unscratched':
      return t('audit.sentences.runnerUnscratched', { actor, runner: runnerOf(t, entry), race: raceOf(t, entry) });
    case 'tote.result_confirmed':
      return t('audit.sentences.resultConfirmed', { actor, race: raceOf(t, entry), finish: text(d['finish']) ?? '?' });
    case 'player.balance_adjusted':
    case 'player.balance_adjustment_requested': {
      const account = text(d['account']);
      const sum = amount(d['amount']);
      if (!account || !sum) break;
      return t(
        entry.action === 'player.balance_adjusted'
          ? 'audit.sentences.balanceAdjusted'
          : 'audit.sentences.balanceRequested',
        {
          actor,
          account: account === 'credit' || account === 'bonus' ? t(`accounts.${account}`).toLowerCase() : account,
          player: player(entry.targetId),
          amount: sum,
          reason: text(d['reason']) ?? '',
        },
      );
    }
    case 'player.login_link_issued':
      return t('audit.sentences.loginLink', { actor, player: player(entry.targetId), reason: text(d['reason']) ?? '' });
    case 'payment.deposit_approved':
    case 'payment.deposit_declined':
    case 'payment.withdraw_approved':
    case 'payment.withdraw_declined': {
      const sum = amount(d['amount']);
      if (!sum) break;
      return t(
        entry.action.endsWith('approved') ? 'audit.sentences.paymentApproved' : 'audit.sentences.paymentDeclined',
        {
          actor,
          kind: t(entry.action.startsWith('payment.deposit') ? 'audit.kinds.deposit' : 'audit.kinds.withdraw'),
          id: entry.targetId ?? '?',
          amount: sum,
          player: player(d['playerId']),
        },
      );
    }
    case 'staff.created': {
      const role = d['role'];
      const username = text(d['username']);
      if (!username || (role !== 'admin' && role !== 'master_agent' && role !== 'agent')) break;
      return t('audit.sentences.staffCreated', { actor, role: t(`roles.${role}`).toLowerCase(), username });
    }
    case 'staff.login':
      return t('audit.sentences.staffLogin', { actor });
    case 'staff.logout':
      return t('audit.sentences.staffLogout', { actor });
    case 'staff.login_failed':
    case 'staff.login_locked': {
      const username = text(d['username']) ?? entry.actorName;
      if (!username) break;
      return t(
        entry.action === 'staff.login_failed' ? 'audit.sentences.staffLoginFailed' : 'audit.sentences.staffLoginLocked',
        {
          username,
        },
      );
    }
    case 'aml.flag_viewed':
    case 'aml.flag_no_action':
    case 'aml.flag_reported': {
      const key =
        entry.action === 'aml.flag_viewed'
          ? 'audit.sentences.amlViewed'
          : entry.action === 'aml.flag_reported'
            ? 'audit.sentences.amlReported'
            : 'audit.sentences.amlNoAction';
      return t(key, { actor, id: entry.targetId ?? '?', player: player(d['playerId']) });
    }
    case 'aml.note_added':
      // The note itself stays in the entry's data: the sentence does not spread a case's words.
      return t('audit.sentences.amlNote', { actor, id: entry.targetId ?? '?' });
    case 'aml.reports_exported':
      return t('audit.sentences.amlExported', { actor, count: text(d['flags']) ?? '?' });
  }
  return generic(t, entry, actor);
}

import { useId, useState, type FormEvent } from 'react';
import {
  COMMISSION_BASES,
  COMMISSION_MAX_BPS,
  commissionRateSchema,
  createSubAgentSchema,
  type AgentNode,
  type CommissionBasis,
} from '@karera/shared';
import { Alert, Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { useCreateSubAgentMutation, useSetRateMutation } from './agents.api.ts';
import { parseBps } from './agentFormat.ts';

type CreateField = 'username' | 'displayName' | 'password' | 'referralCode' | 'parentId';
const EMPTY = { username: '', displayName: '', password: '', referralCode: '', parentId: '' };

/** The first message per field of a zod refusal. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A new agent under this dashboard's agent or one of its sub-agents (checked again by the server). */
export function CreateSubAgentForm({ uplines }: { uplines: readonly AgentNode[] }) {
  const t = useT();
  const headingId = useId();
  const [draft, setDraft] = useState({ ...EMPTY, parentId: String(uplines[0]?.id ?? '') });
  const [errors, setErrors] = useState<Partial<Record<CreateField, string>>>({});
  const [created, setCreated] = useState<string | null>(null);
  const create = useCreateSubAgentMutation();

  const update = (field: CreateField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setCreated(null);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createSubAgentSchema.safeParse({
      username: draft.username,
      displayName: draft.displayName,
      password: draft.password,
      referralCode: draft.referralCode.trim() === '' ? null : draft.referralCode,
      parentId: Number(draft.parentId),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      create.reset();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        setDraft({ ...EMPTY, parentId: draft.parentId });
        setCreated(t('agents.create.created', { username: answer.agent.username }));
      },
      onError: (error) => setErrors(serverFieldErrors(t, error)),
    });
  };
  const error = (field: CreateField) => {
    const message = errors[field];
    return message ? localizeMessage(t, message) : undefined;
  };
  const serverMessage = create.isError ? errorText(t, create.error) : null;
  const formError = serverMessage && !Object.values(errors).includes(serverMessage) ? serverMessage : null;
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('agents.create.title')}</h2>
      <p className="bo-muted">{t('agents.create.intro')}</p>
      {created ? <Alert tone="success">{created}</Alert> : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('agents.create.username')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={draft.username}
          error={error('username')}
          onChange={(event) => update('username', event.target.value)}
        />
        <TextField
          label={t('agents.create.displayName')}
          autoComplete="off"
          value={draft.displayName}
          error={error('displayName')}
          onChange={(event) => update('displayName', event.target.value)}
        />
        <TextField
          label={t('agents.create.password')}
          type="password"
          autoComplete="new-password"
          value={draft.password}
          error={error('password')}
          onChange={(event) => update('password', event.target.value)}
        />
        <TextField
          label={t('agents.create.referralCode')}
          autoComplete="off"
          autoCapitalize="characters"
          hint={t('agents.create.referralHint')}
          value={draft.referralCode}
          error={error('referralCode')}
          onChange={(event) => update('referralCode', event.target.value)}
        />
        <SelectField
          label={t('agents.create.parent')}
          value={draft.parentId}
          options={uplines.map((a) => ({ value: String(a.id), label: `${a.displayName} (${a.username})` }))}
          error={error('parentId')}
          onChange={(event) => update('parentId', event.target.value)}
        />
        <Button type="submit" busy={create.isPending}>
          {t('agents.create.submit')}
        </Button>
      </form>
    </section>
  );
}

function isBasis(value: string): value is CommissionBasis {
  return COMMISSION_BASES.some((basis) => basis === value);
}

/** Sets the rate of an agent below; the server refuses a rate above the caller's own. */
export function SetRateForm({ agents }: { agents: readonly AgentNode[] }) {
  const t = useT();
  const headingId = useId();
  const [agentId, setAgentId] = useState(String(agents[0]?.id ?? ''));
  const [basis, setBasis] = useState<CommissionBasis>(agents[0]?.rate?.basis ?? 'turnover');
  const [bps, setBps] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSetRateMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const rateBps = parseBps(bps);
    const parsed = commissionRateSchema.safeParse({ basis, rateBps: rateBps ?? Number.NaN });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      save.reset();
      return;
    }
    setError(null);
    save.mutate({ agentId: Number(agentId), ...parsed.data });
  };
  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('agents.rate.title')}</h2>
      {save.isSuccess ? <Alert tone="success">{t('agents.rate.saved')}</Alert> : null}
      {save.isError ? <Alert tone="error">{errorText(t, save.error)}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <SelectField
          label={t('agents.rate.agent')}
          value={agentId}
          options={agents.map((a) => ({ value: String(a.id), label: `${a.displayName} (${a.username})` }))}
          onChange={(event) => {
            setAgentId(event.target.value);
            save.reset();
          }}
        />
        <SelectField
          label={t('agents.rate.basis')}
          value={basis}
          options={COMMISSION_BASES.map((value) => ({ value, label: t(`agents.bases.${value}`) }))}
          onChange={(event) => {
            if (isBasis(event.target.value)) setBasis(event.target.value);
          }}
        />
        <TextField
          label={t('agents.rate.bps')}
          inputMode="numeric"
          value={bps}
          hint={t('agents.rate.hint', { turnover: COMMISSION_MAX_BPS.turnover, ngr: COMMISSION_MAX_BPS.ngr })}
          error={error ? localizeMessage(t, error) : undefined}
          onChange={(event) => {
            setBps(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" busy={save.isPending}>
          {t('agents.rate.submit')}
        </Button>
      </form>
    </section>
  );
}

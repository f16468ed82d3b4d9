import {
  fieldErrorsOf,
  horseInputSchema,
  personInputSchema,
  type HorseInput,
  type HorseRecord,
  type PersonInput,
  type PersonRecord,
} from '@karera/shared';

/** A horse form's text, as typed (the trainer picked by type-ahead). */
export interface HorseDraft {
  name: string;
  sex: string;
  foalingYear: string;
  colour: string;
  sire: string;
  dam: string;
  owner: string;
  trainerName: string;
  trainerId: number | null;
}

export const emptyHorseDraft = (): HorseDraft => ({
  name: '',
  sex: '',
  foalingYear: '',
  colour: '',
  sire: '',
  dam: '',
  owner: '',
  trainerName: '',
  trainerId: null,
});

export function horseDraftOf(horse: HorseRecord): HorseDraft {
  return {
    name: horse.name,
    sex: horse.sex ?? '',
    foalingYear: horse.foalingYear === null ? '' : String(horse.foalingYear),
    colour: horse.colour ?? '',
    sire: horse.sire ?? '',
    dam: horse.dam ?? '',
    owner: horse.owner ?? '',
    trainerName: horse.trainerName ?? '',
    trainerId: horse.trainerId,
  };
}

export type Checked<Body> = { ok: true; body: Body } | { ok: false; fieldErrors: Record<string, string> };

/** The body the server takes, or the shared schema's message beside each field. */
export function checkHorse(draft: HorseDraft): Checked<HorseInput> {
  const year = draft.foalingYear.trim();
  const result = horseInputSchema.safeParse({
    name: draft.name,
    sex: draft.sex,
    foalingYear: /^\d{4}$/.test(year) ? Number(year) : year === '' ? undefined : Number.NaN,
    colour: draft.colour,
    sire: draft.sire,
    dam: draft.dam,
    owner: draft.owner,
    trainerId: draft.trainerId ?? undefined,
  });
  if (!result.success) return { ok: false, fieldErrors: fieldErrorsOf(result.error) };
  return {
    ok: true,
    body: {
      name: draft.name.trim(),
      sex: result.data.sex,
      foalingYear: result.data.foalingYear,
      colour: result.data.colour,
      sire: draft.sire.trim(),
      dam: draft.dam.trim(),
      owner: result.data.owner,
      trainerId: result.data.trainerId,
    },
  };
}

export interface PersonDraft {
  name: string;
  licenceNo: string;
}

export const personDraftOf = (person: PersonRecord | null): PersonDraft => ({
  name: person?.name ?? '',
  licenceNo: person?.licenceNo ?? '',
});

export function checkPerson(draft: PersonDraft): Checked<PersonInput> {
  const result = personInputSchema.safeParse(draft);
  if (!result.success) return { ok: false, fieldErrors: fieldErrorsOf(result.error) };
  return { ok: true, body: result.data };
}

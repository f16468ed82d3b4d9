import {
  MASTER_AGENT_FIELDS,
  MASTER_AGENT_PHOTO_KINDS,
  MasterAgentMessages,
  masterAgentPhotoError,
  masterAgentTextErrors,
  type MasterAgentApplicationInput,
  type MasterAgentField,
  type MasterAgentPhotoKind,
  type MasterAgentTextFields,
} from '@karera/shared';

/** The master-agent form's logic, apart from React: what is refused, where focus goes, what is sent. */

export type MasterAgentErrors = Partial<Record<MasterAgentField, string>>;
export type ChosenPhotos = Record<MasterAgentPhotoKind, { size: number; type: string } | null>;

export const EMPTY_VALUES: MasterAgentTextFields = {
  email: '',
  firstName: '',
  lastName: '',
  username: '',
  mobile: '',
  telegram: '',
};

const FIELD_NAMES: ReadonlySet<string> = new Set(MASTER_AGENT_FIELDS);

export function isMasterAgentField(name: string): name is MasterAgentField {
  return FIELD_NAMES.has(name);
}

/** Every rule of the shared package, every field at once (the same rules the server applies). */
export function validateMasterAgentForm(values: MasterAgentTextFields, photos: ChosenPhotos): MasterAgentErrors {
  const errors = masterAgentTextErrors(values);
  for (const kind of MASTER_AGENT_PHOTO_KINDS) {
    const error = masterAgentPhotoError(kind, photos[kind]);
    if (error) errors[kind] = error;
  }
  return errors;
}

/** The first field with an error, in the order the form shows them: it gets the focus. */
export function firstErrorField(errors: MasterAgentErrors): MasterAgentField | undefined {
  return MASTER_AGENT_FIELDS.find((field) => errors[field] !== undefined);
}

/** The server's field errors the form can show beside a field; the rest are for the form's alert. */
export function fieldErrorsFromServer(fieldErrors: Record<string, string>): MasterAgentErrors {
  const errors: MasterAgentErrors = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    if (isMasterAgentField(field)) errors[field] = message;
  }
  return errors;
}

/** What the form sends: the fields as typed (the server trims and normalises) and both photos as base64. */
export function applicationBody(
  values: MasterAgentTextFields,
  photos: Record<MasterAgentPhotoKind, string>,
  idempotencyKey: string,
): MasterAgentApplicationInput {
  return { ...values, selfie: photos.selfie, govId: photos.govId, idempotencyKey };
}

type MessageKey = keyof typeof MasterAgentMessages;
const KEY_BY_TEXT = new Map<string, MessageKey>();
for (const key of Object.keys(MasterAgentMessages) as MessageKey[]) {
  if (!KEY_BY_TEXT.has(MasterAgentMessages[key])) KEY_BY_TEXT.set(MasterAgentMessages[key], key);
}

/** The key under masterAgent.messages of a shared text, so it shows in the reader's language. */
export function masterAgentMessageKey(text: string): MessageKey | undefined {
  return KEY_BY_TEXT.get(text);
}

/** A file as base64 (no data: prefix), as the form sends its photos. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: one call with millions of arguments would overflow the stack.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

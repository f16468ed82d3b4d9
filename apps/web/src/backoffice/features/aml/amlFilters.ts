import { AML_RULES, AML_STATUSES, type AmlRule, type AmlStatus } from '@karera/shared';

/** The rule filter of the address (?rule=), or none for every rule. */
export function ruleFilterOf(value: string | null): AmlRule | null {
  return AML_RULES.find((rule) => rule === value) ?? null;
}

/** The status filter of the address (?status=): open flags unless another status or "all" is chosen. */
export function statusFilterOf(value: string | null): AmlStatus | null {
  if (value === 'all') return null;
  return AML_STATUSES.find((status) => status === value) ?? 'OPEN';
}

import type { FormGuideRunner } from '@karera/shared';
import { useFormT } from '../../../lib/form/formI18n.ts';
import { lastFiveTexts } from '../../../lib/form/formFigures.ts';
import './form.css';

/**
 * A runner's compact form beside its jockey: its last five (oldest first, latest right) or a first-starter
 * tag, read out as words ("last five starts, oldest first: 3, 1, 5, 2, 1").
 */
export function FormLine({ form }: { form: FormGuideRunner }) {
  const ft = useFormT();
  if (form.firstStarter) {
    return (
      <span className="runner__form runner__form--first" data-testid="runner-form">
        {ft('firstStarter')}
      </span>
    );
  }
  const last = lastFiveTexts(ft, form.lastFinishes);
  return (
    <span className="runner__form" data-testid="runner-form">
      <span aria-hidden="true">{last.shown}</span>
      <span className="visually-hidden">{last.spoken}</span>
    </span>
  );
}

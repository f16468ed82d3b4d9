import { describe, expect, it } from 'vitest';
import { KYC_DECLARATIONS } from '@karera/shared';
import { kycTexts } from './kycTexts.ts';
import { kycTextsFil } from './kycTexts.fil.ts';

describe('KYC declarations', () => {
  it('each reads as a whole sentence on its own, beside its checkbox, in both languages', () => {
    for (const name of KYC_DECLARATIONS) {
      expect(kycTexts.declarations[name]).toMatch(/^I am not .+\.$/);
      expect(kycTextsFil.declarations[name]).toMatch(/^Hindi ako .+\.$/);
    }
    // The legend no longer starts a sentence that each checkbox would have to finish.
    expect(kycTexts.declarationsLegend).not.toMatch(/I am not:$/);
    expect(kycTextsFil.declarationsLegend).not.toMatch(/hindi ako:$/);
  });

  it('has a Filipino status label', () => {
    expect(kycTextsFil.statusLabel).not.toBe(kycTexts.statusLabel);
  });
});

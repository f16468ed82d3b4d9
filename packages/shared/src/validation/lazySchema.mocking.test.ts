import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as eager from '../index.ts';
import { lazySchema, schemaOnFirstUse } from './lazySchema.ts';

/** The shared modules as a browser page loads them: with a document, their schemas are stand-ins. */
async function sharedInAPage(): Promise<{ shared: typeof eager; lazy: typeof lazySchema }> {
  vi.resetModules();
  vi.stubGlobal('document', {});
  try {
    const shared = await import('../index.ts');
    return { shared, lazy: (await import('./lazySchema.ts')).lazySchema };
  } finally {
    vi.unstubAllGlobals();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lazySchema', () => {
  it('builds at once outside a page (the server and its tests parse the zod objects themselves)', () => {
    const build = vi.fn(() => z.string());
    const schema = lazySchema(build);
    expect(build).toHaveBeenCalledTimes(1);
    expect(Object.getPrototypeOf(schema)).toBe(Object.getPrototypeOf(z.string()));
  });

  it('builds a stand-in on its first use, once', () => {
    const build = vi.fn(() => z.object({ amount: z.number().int().min(1, 'Too small.') }));
    const schema = schemaOnFirstUse(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.safeParse({ amount: 0 }).error?.issues[0]?.message).toBe('Too small.');
    expect(schema.parse({ amount: 2 })).toEqual({ amount: 2 });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('answers as its schema: instanceof, shape, extend, optional, nesting and JSON Schema', () => {
    const build = () => z.strictObject({ id: z.number().int().positive(), name: z.string().min(2, 'Name.') });
    const real = build();
    const standIn = schemaOnFirstUse(build);
    expect(standIn).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(standIn.shape)).toEqual(['id', 'name']);
    const extended = standIn.extend({ note: z.string().optional() });
    expect(extended.safeParse({ id: 1, name: 'Al', note: 'x' }).success).toBe(true);
    expect(extended.safeParse({ id: 1, name: 'A' }).error?.issues[0]?.message).toBe('Name.');
    expect(standIn.optional().safeParse(undefined).success).toBe(true);
    const nested = z.object({ inner: schemaOnFirstUse(build) });
    expect(nested.safeParse({ inner: { id: 0, name: 'Al' } }).error?.issues[0]?.path).toEqual(['inner', 'id']);
    expect(z.toJSONSchema(standIn)).toEqual(z.toJSONSchema(real));
    expect(z.toJSONSchema(nested)).toEqual(z.toJSONSchema(z.object({ inner: real })));
  });

  it("keeps the shared rules and messages in a page: every input parses as the server's schema parses it", async () => {
    const { shared: page, lazy } = await sharedInAPage();
    // In a page the modules' schemas are stand-ins, built by their first use.
    const build = vi.fn(() => z.string());
    lazy(build);
    expect(build).not.toHaveBeenCalled();
    expect(page.loginSchema).not.toBe(eager.loginSchema);
    expect(Object.getPrototypeOf(page.loginSchema)).toBe(Object.getPrototypeOf(eager.loginSchema));
    const pairs = [
      [page.loginSchema, eager.loginSchema],
      [page.registerSchema, eager.registerSchema],
      [page.otpSchema, eager.otpSchema],
      [page.idParam, eager.idParam],
      [page.rowIdSchema, eager.rowIdSchema],
      [page.playerIdInputSchema, eager.playerIdInputSchema],
      [page.racePoolsResponseSchema, eager.racePoolsResponseSchema],
      [page.raceInfoInputSchema, eager.raceInfoInputSchema],
      [page.GameOperations.getBetHistory.body, eager.GameOperations.getBetHistory.body],
      [page.ResponsibleGamingOperations.setLimit.body, eager.ResponsibleGamingOperations.setLimit.body],
    ] as const;
    const input = fc.oneof(
      fc.anything(),
      fc.record(
        {
          mobileNo: fc.oneof(fc.constant('09171234567'), fc.string()),
          password: fc.string({ maxLength: 20 }),
          confirmPassword: fc.string({ maxLength: 20 }),
          firstName: fc.string({ maxLength: 40 }),
          lastName: fc.string({ maxLength: 40 }),
          acceptTerms: fc.boolean(),
          otp: fc.stringMatching(/^\d{0,7}$/),
          type: fc.constantFrom('P', 'M', 'L', 'X'),
          kind: fc.constantFrom('depositDay', 'lossWeek', 'nope'),
          amount: fc.oneof(fc.integer(), fc.constant(null), fc.double()),
          eventId: fc.oneof(fc.integer(), fc.string()),
        },
        { requiredKeys: [] },
      ),
      fc.stringMatching(/^[0-9x .e+-]{0,12}$/),
      fc.integer(),
    );
    fc.assert(
      fc.property(input, (value) => {
        for (const [inPage, onServer] of pairs) {
          const a = inPage.safeParse(value);
          const b = onServer.safeParse(value);
          expect(a.success).toBe(b.success);
          expect(a.success ? a.data : a.error.issues).toEqual(b.success ? b.data : b.error.issues);
        }
      }),
      { numRuns: 300 },
    );
  });
});

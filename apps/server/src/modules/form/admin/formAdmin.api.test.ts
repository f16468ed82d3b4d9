import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FormAdminMessages,
  FormAdminRoutes,
  FormRoutes,
  formGuideResponseSchema,
  MAX_IMPORT_CHARS,
  RacingMessages,
  ToteAdminRoutes,
  type CardImportResponse,
  type HorseRecord,
  type PersonRecord,
  type Race,
} from '@karera/shared';
import { registerPlayer } from '../../../../test/player-flow.ts';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../../test/test-app.ts';
import { recordRaceResults } from '../form.service.ts';

const SAMPLE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../../../../docs/samples/card-import.csv'),
  'utf8',
);

describe(`the back office's horses, jockeys and trainers (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let player: string;
  let trainer: PersonRecord;
  let seq = 0;
  const unique = (name: string) => `${name} ${testDialect} ${++seq}`;

  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, cookie = admin) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie } });
  const post = (url: string, payload: Record<string, unknown>) => call('POST', url, payload);
  const audits = (action: string) =>
    t.app.db.selectFrom('audit_log').select(['target_id', 'details']).where('action', '=', action).execute();
  const count = async (table: 'horses' | 'runners' | 'runner_results' | 'races' | 'game_events' | 'jockeys') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function newHorse(name: string, extra: Record<string, unknown> = {}): Promise<HorseRecord> {
    const made = await post(FormAdminRoutes.horses, {
      name,
      sex: 'G',
      foalingYear: 2021,
      colour: 'Bay',
      sire: 'Sire Line',
      dam: '',
      owner: 'Stable Uno',
      trainerId: trainer.id,
      ...extra,
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.json<{ horse: HorseRecord }>().horse;
  }

  async function raceOn(raceDate: string, runners: [string, string, string][]): Promise<Race> {
    const day = await post('/api/backoffice/racing/events', {
      name: unique('Day'),
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate,
      enabledBetTypes: [],
    });
    expect(day.statusCode, day.body).toBe(200);
    const eventId = day.json<{ event: { id: number } }>().event.id;
    const made = await post(`/api/backoffice/racing/events/${eventId}/races`, {
      raceNo: 1,
      startDateTime: `${raceDate}T05:00:00Z`,
      enabledBetTypes: [],
    });
    expect(made.statusCode, made.body).toBe(200);
    let race = made.json<{ race: Race }>().race;
    for (const [runnerNo, horseName, jockeyName] of runners) {
      const added = await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
        runnerNo,
        horseName,
        jockeyName,
      });
      expect(added.statusCode, added.body).toBe(200);
      race = added.json<{ race: Race }>().race;
    }
    return race;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    player = (await registerPlayer(t.app)).cookie;
    const made = await post(FormAdminRoutes.trainers, { name: 'R. Dela Cruz', licenceNo: 'tr-100' });
    expect(made.statusCode, made.body).toBe(200);
    trainer = made.json<{ person: PersonRecord }>().person;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for admins only', async () => {
    expect((await call('GET', FormAdminRoutes.horses, undefined, '')).statusCode).toBe(401);
    expect((await call('GET', FormAdminRoutes.horses, undefined, player)).statusCode).toBe(401);
  });

  it('creates, finds by name prefix in any case, and edits a horse, audited', async () => {
    expect(trainer.licenceNo).toBe('TR-100');
    const horse = await newHorse('Bagyong Pilak');
    expect(horse).toMatchObject({ name: 'Bagyong Pilak', sex: 'G', dam: null, trainerName: 'R. Dela Cruz' });
    await newHorse('Bagyo_Two');
    const found = await call('GET', `${FormAdminRoutes.horses}?q=bagyo`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<{ horses: HorseRecord[] }>().horses.map((h) => h.name)).toEqual(['Bagyo_Two', 'Bagyong Pilak']);
    // `_` is a letter of the name, not a LIKE wildcard.
    const literal = await call('GET', `${FormAdminRoutes.horses}?q=${encodeURIComponent('bagyo_')}`);
    expect(literal.json<{ horses: HorseRecord[] }>().horses.map((h) => h.name)).toEqual(['Bagyo_Two']);
    const edited = await post(FormAdminRoutes.horse(horse.id), {
      name: 'Bagyong Pilak',
      sex: 'M',
      foalingYear: 2020,
      colour: 'Grey',
      sire: '',
      dam: 'Dam Line',
      owner: 'Stable Dos',
      trainerId: trainer.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ horse: HorseRecord }>().horse).toMatchObject({ sex: 'M', sire: null, dam: 'Dam Line' });
    expect((await audits('form.horse_created')).map((row) => row.target_id)).toContain(String(horse.id));
    expect((await audits('form.horse_updated')).map((row) => row.target_id)).toContain(String(horse.id));
  });

  it('refuses unknown fields, bad values and a name taken (in any case) with the shared messages', async () => {
    const extra = await post(FormAdminRoutes.horses, {
      name: 'Extra',
      sex: 'G',
      foalingYear: 2021,
      colour: 'Bay',
      sire: '',
      dam: '',
      owner: 'O',
      trainerId: trainer.id,
      rating: 50,
    });
    expect(extra.statusCode).toBe(400);
    const bad = await post(FormAdminRoutes.horses, {
      name: '',
      sex: 'X',
      foalingYear: 1800,
      colour: 'Bay',
      sire: '',
      dam: '',
      owner: 'O',
      trainerId: trainer.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toMatchObject({
      name: FormAdminMessages.nameRequired,
      sex: FormAdminMessages.sex,
      foalingYear: FormAdminMessages.foalingYear,
    });
    await newHorse('Taken Name');
    const taken = await post(FormAdminRoutes.horses, {
      name: 'TAKEN NAME',
      sex: 'G',
      foalingYear: 2021,
      colour: 'Bay',
      sire: '',
      dam: '',
      owner: 'O',
      trainerId: trainer.id,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ fieldErrors: { name: FormAdminMessages.horseNameTaken } });
    const licence = await post(FormAdminRoutes.jockeys, { name: 'Other', licenceNo: 'TR-100' });
    expect(licence.statusCode, licence.body).toBe(200);
    const again = await post(FormAdminRoutes.jockeys, { name: 'Another', licenceNo: 'tr-100' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ fieldErrors: { licenceNo: FormAdminMessages.licenceTaken } });
  });

  it('cards a runner picked by type-ahead, keeps the by-name entry, and changes a jockey with its reason', async () => {
    const horse = await newHorse(unique('Picked'));
    const jockeyA = (await post(FormAdminRoutes.jockeys, { name: 'J. Namesake', licenceNo: 'JK-1' })).json<{
      person: PersonRecord;
    }>().person;
    const jockeyB = (await post(FormAdminRoutes.jockeys, { name: 'J. Namesake', licenceNo: 'JK-2' })).json<{
      person: PersonRecord;
    }>().person;
    const race = await raceOn('2026-12-01', [['1', 'Typed Horse', 'Typed Jockey']]);
    const picked = await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
      runnerNo: '2',
      horseName: 'what the box showed',
      jockeyName: 'J. Namesake',
      horseId: horse.id,
      jockeyId: jockeyB.id,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    const runner = picked.json<{ race: Race }>().race.runners.find((r) => r.runnerNo === '2');
    // The player API answers the record's name, as before.
    expect(runner).toMatchObject({ horseName: horse.name, jockeyName: 'J. Namesake' });
    const row = await t.app.db
      .selectFrom('runners')
      .select(['horse_id', 'jockey_id'])
      .where('id', '=', runner?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ horse_id: horse.id, jockey_id: jockeyB.id });
    const unknown = await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
      runnerNo: '3',
      horseName: 'x',
      jockeyName: 'y',
      horseId: 999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fieldErrors: { horseName: FormAdminMessages.pickHorse } });

    const runnerId = runner?.id ?? 0;
    const noReason = await post(FormAdminRoutes.changeJockey(runnerId), { jockeyId: jockeyA.id, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ fieldErrors: { reason: FormAdminMessages.reasonRequired } });
    const same = await post(FormAdminRoutes.changeJockey(runnerId), { jockeyId: jockeyB.id, reason: 'Injury' });
    expect(same.json()).toMatchObject({ statusMessage: FormAdminMessages.sameJockey });
    const changed = await post(FormAdminRoutes.changeJockey(runnerId), {
      jockeyId: jockeyA.id,
      reason: 'Jockey B injured in race 1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      jockeyId: jockeyA.id,
      changes: [
        {
          fromJockeyName: 'J. Namesake',
          toJockeyName: 'J. Namesake',
          reason: 'Jockey B injured in race 1',
          changedBy: expect.stringMatching(/^staff:\d+$/),
        },
      ],
    });
    const stored = await t.app.db
      .selectFrom('jockey_changes')
      .selectAll()
      .where('runner_id', '=', runnerId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ from_jockey_id: jockeyB.id, to_jockey_id: jockeyA.id });
    expect((await audits('racing.jockey_changed')).map((a) => a.target_id)).toContain(String(runnerId));
    const missing = await post(FormAdminRoutes.changeJockey(999_999), { jockeyId: jockeyA.id, reason: 'x' });
    expect(missing.json()).toMatchObject({ statusMessage: RacingMessages.runnerNotFound });
  });

  it('merges a horse entered twice: its runners and results move, it is removed, audited', async () => {
    const kept = await newHorse(unique('Kidlat'));
    const past = await raceOn('2026-10-01', [
      ['1', kept.name, 'J. One'],
      ['2', `${kept.name} (typo)`, 'J. Two'],
    ]);
    await recordRaceResults(t.app.db, past.raceId, [
      { runnerNo: '1', outcome: 'finished', position: 2 },
      { runnerNo: '2', outcome: 'finished', position: 1 },
    ]);
    const duplicate = await t.app.db
      .selectFrom('horses')
      .select('id')
      .where('name', '=', `${kept.name} (typo)`)
      .executeTakeFirstOrThrow();
    // Followed: one player follows both records, another only the duplicate.
    const both = await registerPlayer(t.app);
    const onlyDuplicate = await registerPlayer(t.app);
    const now = new Date().toISOString();
    const follow = (playerId: number, horseId: number) => ({
      player_id: playerId,
      kind: 'horse' as const,
      subject_id: horseId,
      note: null,
      created_at: now,
      updated_at: now,
    });
    await t.app.db
      .insertInto('blackbook_follows')
      .values([
        follow(both.playerId, kept.id),
        follow(both.playerId, duplicate.id),
        follow(onlyDuplicate.playerId, duplicate.id),
      ])
      .execute();
    // A later race of the kept horse: its form guide (kept in the cache) counts one run before the merge.
    const later = await raceOn('2026-10-20', [['1', kept.name, 'J. One']]);
    const guideOf = async () =>
      formGuideResponseSchema.parse(
        (await call('GET', FormRoutes.raceFormGuide(later.raceId), undefined, player)).json(),
      ).runners[0];
    expect(await guideOf()).toMatchObject({ lastFinishes: '2', career: { starts: 1, wins: 0 } });
    const itself = await post(FormAdminRoutes.mergeHorse(kept.id), { duplicateId: kept.id });
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toMatchObject({ statusMessage: FormAdminMessages.mergeIntoItself });
    const unknown = await post(FormAdminRoutes.mergeHorse(kept.id), { duplicateId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    const merged = await post(FormAdminRoutes.mergeHorse(kept.id), { duplicateId: duplicate.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ horse: { id: kept.id }, movedRunners: 1, movedResults: 1 });
    expect(await t.app.db.selectFrom('horses').select('id').where('id', '=', duplicate.id).execute()).toEqual([]);
    const runs = await t.app.db
      .selectFrom('runner_results')
      .select('position')
      .where('horse_id', '=', kept.id)
      .orderBy('position')
      .execute();
    expect(runs.map((run) => run.position)).toEqual([1, 2]);
    const carded = await t.app.db
      .selectFrom('runners')
      .select('horse_name')
      .where('race_id', '=', past.raceId)
      .execute();
    // The runners keep the names they were carded with.
    expect(carded.map((r) => r.horse_name).sort()).toEqual([kept.name, `${kept.name} (typo)`]);
    const follows = await t.app.db
      .selectFrom('blackbook_follows')
      .select(['player_id', 'subject_id'])
      .where('kind', '=', 'horse')
      .where('player_id', 'in', [both.playerId, onlyDuplicate.playerId])
      .orderBy('player_id')
      .execute();
    expect(follows).toEqual([
      { player_id: both.playerId, subject_id: kept.id },
      { player_id: onlyDuplicate.playerId, subject_id: kept.id },
    ]);
    // The form guide counts the duplicate's run at once (the cache was cleared).
    expect(await guideOf()).toMatchObject({ lastFinishes: '2-1', career: { starts: 2, wins: 1 } });
    const [audit] = await audits('form.horse_merged');
    expect(audit?.target_id).toBe(String(kept.id));
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ duplicateId: duplicate.id, movedRunners: 1 });
  });

  describe('the card import', () => {
    const importCsv = async (csv: string) => {
      const response = await post(FormAdminRoutes.importCard, { csv });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CardImportResponse>();
    };
    const snapshot = async () =>
      Promise.all(
        (['horses', 'runners', 'runner_results', 'races', 'game_events', 'jockeys'] as const).map((table) =>
          count(table),
        ),
      );

    it('imports the sample card and its past form, which the form guide then shows', async () => {
      const answer = await importCsv(SAMPLE);
      expect(answer).toMatchObject({ imported: true, races: 2, runners: 7, pastRuns: 11, horsesCreated: 7 });
      if (!answer.imported || answer.eventId === null) throw new Error('not imported');
      const races = await t.app.db
        .selectFrom('races')
        .select(['id', 'race_no', 'distance_m', 'race_class', 'status'])
        .where('event_id', '=', answer.eventId)
        .orderBy('race_no')
        .execute();
      expect(
        races.map(({ race_no, distance_m, race_class, status }) => [race_no, distance_m, race_class, status]),
      ).toEqual([
        [1, 1200, 'Class 3', 'A'],
        [2, 1400, 'Class 2', 'A'],
      ]);
      const guide = await call('GET', FormRoutes.raceFormGuide(races[0]?.id ?? 0), undefined, player);
      expect(guide.statusCode, guide.body).toBe(200);
      const body = formGuideResponseSchema.parse(guide.json());
      expect(body.runners.find((r) => r.runnerNo === '1')).toMatchObject({
        horseName: 'Silver Monsoon',
        weightKg: '54.5',
        gate: 3,
        rating: 62,
        equipment: ['B'],
        trainerName: 'R. Dela Cruz',
        lastFinishes: '2-D-1',
        career: { starts: 3, wins: 1, seconds: 1 },
        atDistance: { starts: 2, wins: 1 },
      });
      // A scratching is not a start.
      expect(body.runners.find((r) => r.runnerNo === '1A')).toMatchObject({ lastFinishes: '', firstStarter: true });
      expect(body.runners.find((r) => r.runnerNo === '2')).toMatchObject({
        equipment: ['B', 'TT'],
        lastFinishes: '5-4',
      });
      expect((await audits('form.card_imported')).length).toBeGreaterThan(0);
    });

    it('answers every error of a bad file by line and imports nothing', async () => {
      const before = await snapshot();
      const lines = SAMPLE.trim().split('\n');
      const bad = [
        lines[0],
        'card,2026-12-06,Bad Park,1,13:00,1200,,1,Fresh Horse One,J. X,,54.5,1,,,,,',
        'card,2026-12-06,Bad Park,1,25:00,1200,,2,Fresh Horse Two,J. X,,99,1,,,,,',
        'card,2026-12-06,Bad Park,1,13:00,1200,,1,Fresh Horse Three,J. Y,,54,2,,,,,',
        'form,2026-13-01,San Lazaro,1,,1200,,1,Fresh Horse One,J. X,,,,,,9x,,',
        'race,2026-12-06,Bad Park,1,13:00,1200,,3,Fresh Horse Four,J. Y,,54,2,,,,,',
      ].join('\n');
      const answer = await importCsv(bad);
      expect(answer.imported).toBe(false);
      if (answer.imported) return;
      expect(answer.errors.map((error) => error.line)).toEqual([3, 3, 4, 5, 5, 6]);
      expect(answer.errors.map((error) => error.message)).toEqual(
        expect.arrayContaining([
          'post_time is required on a card row, as HH:MM Manila time.',
          'weight_kg must be kilograms from 30 to 80, e.g. 54.5.',
          expect.stringContaining('Runner 1 is already on line 2'),
          'date must be a real day written YYYY-MM-DD, e.g. 2026-12-05.',
          expect.stringContaining('finish must be the position'),
          'type must be card (a runner of the card) or form (a past run).',
        ]),
      );
      expect(await snapshot()).toEqual(before);
      // The database's refusals too: the sample's card is already imported.
      const again = await importCsv(SAMPLE);
      expect(again).toMatchObject({
        imported: false,
        errors: [
          { line: 2, message: expect.stringContaining('already has race 1') },
          { line: 6, message: expect.stringContaining('already has race 2') },
        ],
      });
      expect(await snapshot()).toEqual(before);
    });

    it('never rewrites a race the tote resulted: its form comes from its official result', async () => {
      const { event } = (
        await post('/api/backoffice/racing/events', {
          name: 'Resulted Day',
          arena: 'Resulted Park',
          streamUrl: '',
          raceDate: '2026-11-20',
          enabledBetTypes: [],
        })
      ).json<{ event: { id: number } }>();
      const { race } = (
        await post(`/api/backoffice/racing/events/${event.id}/races`, {
          raceNo: 1,
          startDateTime: '2026-11-20T06:00:00Z',
          enabledBetTypes: [],
        })
      ).json<{ race: { raceId: number } }>();
      for (const [runnerNo, horseName] of [
        ['1', 'Resulted One'],
        ['2', 'Resulted Two'],
      ])
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName,
          jockeyName: 'J. Cruz',
        });
      for (const status of ['O', 'C']) await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status });
      const confirmed = await post(ToteAdminRoutes.confirmResult(race.raceId), {
        finish: [[1], [2]],
        idempotencyKey: `resulted-${race.raceId}`,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const before = await snapshot();
      const header = SAMPLE.split('\n')[0] ?? '';
      // The file would make the winner scratched and the second the winner.
      const answer = await importCsv(
        [
          header,
          'form,2026-11-20,Resulted Park,1,,1200,Class 3,1,Resulted One,J. Cruz,,54,1,,,S,,Good',
          'form,2026-11-20,Resulted Park,1,,1200,Class 3,2,Resulted Two,J. Cruz,,54,2,,,1,,Good',
        ].join('\n'),
      );
      expect(answer).toMatchObject({
        imported: false,
        errors: [
          {
            line: 2,
            message:
              'race 1 at Resulted Park on 2026-11-20 has an official result here: its form comes from that result.',
          },
        ],
      });
      expect(await snapshot()).toEqual(before);
      const runners = await t.app.db
        .selectFrom('runners')
        .select(['runner_no', 'status', 'finish_position'])
        .where('race_id', '=', race.raceId)
        .orderBy('runner_no')
        .execute();
      expect(runners).toEqual([
        { runner_no: '1', status: 'A', finish_position: 1 },
        { runner_no: '2', status: 'A', finish_position: 2 },
      ]);
    });

    it('refuses a malformed file: wrong header, broken quotes, empty, huge', async () => {
      const before = await snapshot();
      const header = SAMPLE.split('\n')[0] ?? '';
      const wrongHeader = await importCsv('type,date,track\ncard,2026-12-06,X\n');
      expect(wrongHeader).toMatchObject({
        imported: false,
        errors: [{ line: 1, message: expect.stringContaining('header') }],
      });
      const quotes = await importCsv(
        `${header}\ncard,2026-12-06,Q Park,1,13:00,,,1,"Bad "quote",J,,,,,,,,\ncard,2026-12-06,Q Park,1,13:00,,,2,"Open,J,,,,,,,,\n`,
      );
      expect(quotes).toMatchObject({
        imported: false,
        errors: [
          { line: 2, message: expect.stringContaining('closing quote') },
          { line: 3, message: expect.stringContaining('never closed') },
        ],
      });
      const short = await importCsv(`${header}\ncard,2026-12-06,Q Park,1,13:00\n`);
      expect(short).toMatchObject({
        imported: false,
        errors: [{ line: 2, message: expect.stringContaining('5 values') }],
      });
      expect(await importCsv('')).toMatchObject({
        imported: false,
        errors: [{ line: 1, message: FormAdminMessages.importEmpty }],
      });
      expect(await importCsv(`${header}\n`)).toMatchObject({
        imported: false,
        errors: [{ line: 2, message: FormAdminMessages.importNoRows }],
      });
      const huge = await post(FormAdminRoutes.importCard, { csv: `${header}\n${'x'.repeat(MAX_IMPORT_CHARS)}` });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toMatchObject({ fieldErrors: { csv: FormAdminMessages.importTooLarge } });
      const unknownField = await post(FormAdminRoutes.importCard, { csv: header, dryRun: true });
      expect(unknownField.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });
});

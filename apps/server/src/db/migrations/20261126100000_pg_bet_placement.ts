import { sql } from 'kysely';
import type { Dialect } from '../connection.ts';
import type { MigrationDb as AnyDb } from '../migration-helpers.ts';

/**
 * PostgreSQL only: bets are placed by one function call per batch (docs/decisions/029-postgres-bet-
 * placement.md). SQLite keeps placing them statement by statement on its placement thread.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;

  /**
   * A number per event that changes whenever something a bet is checked against changes: a race's
   * status, number, event or bet types, a runner's number, race or status, the event's bet types.
   * The server checks bets against a card it keeps and sends the version it checked against; the
   * function refuses to place a bet checked against an old card (the server reads the card again).
   * Odds and other columns the odds publisher writes every tick do not change it.
   */
  await db.schema
    .createTable('bet_card_versions')
    .addColumn('event_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();

  await sql`create function bump_bet_card_version(changed_event_id integer) returns void language sql as $$
    insert into bet_card_versions (event_id, version) values (changed_event_id, 1)
      on conflict (event_id) do update set version = bet_card_versions.version + 1
  $$`.execute(db);

  await sql`create function bet_card_changed_by_event() returns trigger language plpgsql as $$
    begin
      perform bump_bet_card_version(new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger game_events_bet_card after update of enabled_bet_types on game_events
    for each row when (old.enabled_bet_types is distinct from new.enabled_bet_types)
    execute function bet_card_changed_by_event()`.execute(db);

  await sql`create function bet_card_changed_by_race() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform bump_bet_card_version(old.event_id); end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.event_id <> old.event_id) then
        perform bump_bet_card_version(new.event_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger races_bet_card_written after insert or delete on races
    for each row execute function bet_card_changed_by_race()`.execute(db);
  await sql`create trigger races_bet_card_updated after update of status, race_no, event_id, enabled_bet_types on races
    for each row when (old.status is distinct from new.status or old.race_no is distinct from new.race_no
      or old.event_id is distinct from new.event_id or old.enabled_bet_types is distinct from new.enabled_bet_types)
    execute function bet_card_changed_by_race()`.execute(db);

  await sql`create function bet_card_changed_by_runner() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform bump_bet_card_version(races.event_id) from races where races.id = old.race_id;
      end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.race_id <> old.race_id) then
        perform bump_bet_card_version(races.event_id) from races where races.id = new.race_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger runners_bet_card_written after insert or delete on runners
    for each row execute function bet_card_changed_by_runner()`.execute(db);
  await sql`create trigger runners_bet_card_updated after update of status, runner_no, race_id on runners
    for each row when (old.status is distinct from new.status or old.runner_no is distinct from new.runner_no
      or old.race_id is distinct from new.race_id)
    execute function bet_card_changed_by_runner()`.execute(db);

  /**
   * Places a batch of bets in the one transaction of the statement that calls it, in order, and answers
   * each bet in the same order (arrays, one element per bet). The server has checked each bet's slip
   * and card (the rules stay in TypeScript, packages/shared); what depends on the database is decided
   * here, in the transaction that writes the bet, in the order the TypeScript path decides it:
   *   1. the idempotency key: a stored answer is a replay (or, for another request, 'key_reused'); a
   *      key placed earlier in the same batch counts as stored;
   *   2. the card version the bet was checked against ('stale': the server checks it again);
   *   3. a refusal the server found on the card or slip ('refused': nothing stored, so a corrected
   *      retry may reuse the key);
   *   4. the wallet: 'no_bonus', 'insufficient', or 'placed' with the balances it leaves.
   * The cost of a statement is paid once per batch, not once per bet (each cost about as much as a
   * bet's own work): one statement locks and reads the batch's wallet rows (in id order, so two
   * batches of two servers that share players wait for each other rather than deadlock), one reads
   * its stored keys, card versions and pool accounts, the bets are decided one after the other in
   * memory (a player's later bet sees the balance their earlier one left), and one statement writes
   * every ledger transaction, posting, ticket and stored receipt of the batch and moves each wallet
   * row once. A pool account keeps no balance on its row (decision 006): no row is updated by every
   * bet. A duplicate key or ticket number (another server's twin committed meanwhile) raises and
   * fails the whole call; the server then places each bet of the batch alone.
   * This is the first version, kept as it ran; today's is db/sql/place-bets.ts.
   */
  await sql`create function place_bets(bets json, player_ids integer[], scopes text[], keys text[],
      event_ids integer[], pool_codes text[],
      out outcomes text[], out credit_balances bigint[], out bonus_balances bigint[], out bodies text[])
    language plpgsql
    -- Plans made once per connection: left to choose, PostgreSQL planned the statements again on every
    -- call (a custom plan looks cheaper with the arrays' sizes known), which cost more than the bets.
    set plan_cache_mode = force_generic_plan
    as $$
    declare
      bet record;
      batch_size integer := json_array_length(bets);
      -- Wallets of the batch's players (by player id): ids, balances as read, balances as the batch leaves them.
      w_player integer[];
      w_bonus_player integer[];
      w_credit_id integer[];
      w_credit_read bigint[];
      w_credit bigint[];
      w_bonus_id integer[];
      w_bonus_read bigint[];
      w_bonus bigint[];
      -- Stored answers by 'scope key', and those the batch stores.
      k_scope_key text[];
      k_hash text[];
      k_body text[];
      -- Card versions and pool accounts of the batch.
      v_event integer[];
      v_version bigint[];
      p_code text[];
      p_id integer[];
      p_tracks integer[];
      -- What each placed bet writes, by its place in the batch (filled to the batch's length first: an
      -- element set in an empty array would start the array at its own index).
      d_from_credit bigint[] := array_fill(null::bigint, array[batch_size]);
      d_from_bonus bigint[] := array_fill(null::bigint, array[batch_size]);
      d_credit_id integer[] := array_fill(null::integer, array[batch_size]);
      d_bonus_id integer[] := array_fill(null::integer, array[batch_size]);
      d_pool integer[] := array_fill(null::integer, array[batch_size]);
      placed integer := 0;
      i integer := 0;
      w integer;
      k integer;
      v integer;
      pool integer;
      scope_key text;
      from_bonus bigint;
      from_credit bigint;
      receipt text;
    begin
      outcomes := array_fill(null::text, array[batch_size]);
      credit_balances := array_fill(null::bigint, array[batch_size]);
      bonus_balances := array_fill(null::bigint, array[batch_size]);
      bodies := array_fill(null::text, array[batch_size]);

      with locked as materialized (
        select a.id, a.player_id, a.kind, a.balance, a.tracks_balance from accounts a
        where a.player_id = any(player_ids) and a.kind in ('player_credit', 'player_bonus')
        order by a.id
        for update
      )
      select
        array_agg(l.player_id order by l.player_id) filter (where l.kind = 'player_credit' and l.tracks_balance = 1),
        array_agg(l.id order by l.player_id) filter (where l.kind = 'player_credit' and l.tracks_balance = 1),
        array_agg(l.balance order by l.player_id) filter (where l.kind = 'player_credit' and l.tracks_balance = 1),
        array_agg(l.player_id order by l.player_id) filter (where l.kind = 'player_bonus' and l.tracks_balance = 1),
        array_agg(l.id order by l.player_id) filter (where l.kind = 'player_bonus' and l.tracks_balance = 1),
        array_agg(l.balance order by l.player_id) filter (where l.kind = 'player_bonus' and l.tracks_balance = 1)
      into w_player, w_credit_id, w_credit_read, w_bonus_player, w_bonus_id, w_bonus_read
      from locked l;
      if w_player is distinct from w_bonus_player then
        raise exception 'A player of the batch lacks a credit or bonus account that keeps its balance on its row.';
      end if;
      w_credit := w_credit_read;
      w_bonus := w_bonus_read;

      -- Look-ups with a limit, one index probe each, whatever the planner makes of the tables' sizes.
      select stored.scope_keys, stored.hashes, stored.bodies, versions.events, versions.versions,
          pools.codes, pools.ids, pools.tracks
        into k_scope_key, k_hash, k_body, v_event, v_version, p_code, p_id, p_tracks
        from (
          select array_agg(s.scope || ' ' || s.key) as scope_keys, array_agg(s.request_hash) as hashes,
            array_agg(s.response_body) as bodies
          from unnest(scopes, keys) as u(scope, key)
          cross join lateral (select ik.scope, ik.key, ik.request_hash, ik.response_body from idempotency_keys ik
            where ik.scope = u.scope and ik.key = u.key limit 1) s
        ) stored,
        (select array_agg(cv.event_id) as events, array_agg(cv.version) as versions
          from bet_card_versions cv where cv.event_id = any(event_ids)) versions,
        (select array_agg(a.code) as codes, array_agg(a.id) as ids, array_agg(a.tracks_balance) as tracks
          from accounts a where a.code = any(pool_codes)) pools;
      if coalesce(cardinality(p_code), 0) < coalesce(cardinality(pool_codes), 0) then
        -- The first bet on a pool: its account, made once whoever gets there first.
        insert into accounts (code, kind, player_id, may_go_negative, tracks_balance, created_at)
          select c.code, 'house', null, 1, 0, to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          from unnest(pool_codes) as c(code)
          where not (c.code = any(coalesce(p_code, '{}')))
          order by c.code
          on conflict (code) do nothing;
        select array_agg(a.code), array_agg(a.id), array_agg(a.tracks_balance) into p_code, p_id, p_tracks
          from accounts a where a.code = any(pool_codes);
      end if;

      for bet in select * from json_to_recordset(bets) as b(player_id integer, scope text, key text,
          request_hash text, refused boolean, event_id integer, card_version bigint, total bigint,
          use_bonus boolean, receipt_start text, pool_code text)
      loop
        i := i + 1;
        scope_key := bet.scope || ' ' || bet.key;
        k := array_position(k_scope_key, scope_key);
        if k is not null then
          if k_hash[k] = bet.request_hash then
            outcomes[i] := 'replayed';
            bodies[i] := k_body[k];
          else
            outcomes[i] := 'key_reused';
          end if;
          continue;
        end if;

        v := array_position(v_event, bet.event_id);
        if coalesce(v_version[v], 0) <> bet.card_version then
          outcomes[i] := 'stale';
          continue;
        end if;
        if bet.refused then
          outcomes[i] := 'refused';
          continue;
        end if;

        w := array_position(w_player, bet.player_id);
        if w is null then
          raise exception 'Wallet accounts of player % are missing.', bet.player_id;
        end if;
        if bet.use_bonus and w_bonus[w] <= 0 then
          outcomes[i] := 'no_bonus';
          continue;
        end if;
        if bet.use_bonus then
          from_bonus := least(greatest(w_bonus[w], 0), bet.total);
        else
          from_bonus := 0;
        end if;
        from_credit := bet.total - from_bonus;
        if w_credit[w] < from_credit then
          outcomes[i] := 'insufficient';
          continue;
        end if;

        pool := array_position(p_code, bet.pool_code);
        if pool is null or p_tracks[pool] <> 0 then
          raise exception 'Pool account % is missing or keeps a balance on its row.', bet.pool_code;
        end if;

        w_credit[w] := w_credit[w] - from_credit;
        w_bonus[w] := w_bonus[w] - from_bonus;
        receipt := bet.receipt_start || ',"creditBalance":' || w_credit[w] || ',"bonusBalance":' || w_bonus[w] || '}';
        outcomes[i] := 'placed';
        credit_balances[i] := w_credit[w];
        bonus_balances[i] := w_bonus[w];
        bodies[i] := receipt;
        d_from_credit[i] := from_credit;
        d_from_bonus[i] := from_bonus;
        d_credit_id[i] := w_credit_id[w];
        d_bonus_id[i] := w_bonus_id[w];
        d_pool[i] := p_id[pool];
        placed := placed + 1;
        -- A twin later in the batch is its replay.
        k := coalesce(cardinality(k_scope_key), 0) + 1;
        k_scope_key[k] := scope_key;
        k_hash[k] := bet.request_hash;
        k_body[k] := receipt;
      end loop;

      if placed = 0 then
        return;
      end if;
      with placed_bets as materialized (
        select b.*, nextval('ledger_transactions_id_seq') as transaction_id
        from rows from (json_to_recordset(bets) as (player_id integer, scope text, key text, request_hash text,
            event_id integer, first_race_id integer, bet_type text, amount bigint, combinations integer,
            total bigint, selections text, ticket_no text, description text, metadata text, created_at text))
          with ordinality as b
        where outcomes[b.ordinality] = 'placed'
      ),
      transactions as (
        insert into ledger_transactions (id, kind, description, reverses_transaction_id, actor_type, actor_id,
            metadata, created_at)
          select p.transaction_id, 'BET', p.description, null, 'player', p.player_id, p.metadata, p.created_at
          from placed_bets p order by p.ordinality
      ),
      postings as (
        insert into ledger_postings (transaction_id, account_id, amount)
          select p.transaction_id, x.account_id, x.amount
          from placed_bets p
          cross join lateral (values (1, d_pool[p.ordinality], p.total),
              (2, d_credit_id[p.ordinality], -d_from_credit[p.ordinality]),
              (3, d_bonus_id[p.ordinality], -d_from_bonus[p.ordinality])) as x(leg, account_id, amount)
          where x.amount <> 0
          order by p.ordinality, x.leg
      ),
      tickets as (
        insert into bet_tickets (ticket_no, player_id, event_id, first_race_id, bet_type, amount, combinations,
            total, from_credit, from_bonus, selections, debit_transaction_id, settlement_transaction_id, status,
            created_at)
          select p.ticket_no, p.player_id, p.event_id, p.first_race_id, p.bet_type, p.amount, p.combinations,
            p.total, d_from_credit[p.ordinality], d_from_bonus[p.ordinality], p.selections, p.transaction_id, null,
            'open', p.created_at
          from placed_bets p order by p.ordinality
      ),
      receipts as (
        insert into idempotency_keys (scope, key, request_hash, response_status, response_body, created_at)
          select p.scope, p.key, p.request_hash, 200, bodies[p.ordinality], p.created_at from placed_bets p
      )
      update accounts a
        set balance = a.balance + coalesce(
          w_credit[array_position(w_credit_id, a.id)] - w_credit_read[array_position(w_credit_id, a.id)],
          w_bonus[array_position(w_bonus_id, a.id)] - w_bonus_read[array_position(w_bonus_id, a.id)])
        where a.id = any(w_credit_id || w_bonus_id)
          and coalesce(
            w_credit[array_position(w_credit_id, a.id)] - w_credit_read[array_position(w_credit_id, a.id)],
            w_bonus[array_position(w_bonus_id, a.id)] - w_bonus_read[array_position(w_bonus_id, a.id)]) <> 0;
    end $$`.execute(db);
}

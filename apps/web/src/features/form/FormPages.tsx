import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HorseRun, RideLine } from '@karera/shared';
import { Alert, Button, Page, Spinner } from '../../components/ui/index.ts';
import { lastFiveTexts, recordTexts, strikeTexts } from '../../lib/form/formFigures.ts';
import { useFormT, type FormT } from '../../lib/form/formI18n.ts';
import { horsePath, jockeyPath, replayPath, trainerPath } from '../../lib/form/formPaths.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { isNotFound, useHorsePage, usePersonPage } from './formPagesApi.ts';
import './formPages.css';

/** The id in the path when it is a positive whole number; else 0 (no record has it: the server answers 400). */
function useIdParam(): number {
  const { id } = useParams();
  return id !== undefined && /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : 0;
}

function usePageParam(): [number, (page: number) => void] {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('page');
  const page = raw !== null && /^[1-9][0-9]{0,4}$/.test(raw) ? Number(raw) : 1;
  return [page, (next) => setSearch(next === 1 ? {} : { page: String(next) })];
}

/** A race day (YYYY-MM-DD) as the reader's language writes a date. */
function useDayText(): (day: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'fil' ? 'fil-PH' : 'en-PH', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}

/** A figure shown as bettors read it, spoken in words. */
function Spoken({ shown, spoken }: { shown: string; spoken: string }) {
  if (shown === spoken) return <>{shown}</>;
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{spoken}</span>
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="form-page__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function finishText(ft: FormT, run: Pick<HorseRun, 'outcome' | 'position' | 'fieldSize'>): string {
  if (run.outcome === 'finished' && run.position !== null) {
    return ft('pages.finishOf', { position: run.position, field: run.fieldSize });
  }
  return ft(`pages.outcomes.${run.outcome === 'finished' ? 'didNotFinish' : run.outcome}`);
}

/** Loading, a record that does not exist, or a failed load: what the page shows instead of its body. */
function PageState({
  query,
  notFound,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  notFound: string;
}) {
  const ft = useFormT();
  if (query.isPending) return <Spinner label={ft('pages.loading')} />;
  return (
    <div className="form-page__state">
      <Alert tone="error">{isNotFound(query.error) ? notFound : ft('pages.error')}</Alert>
      {isNotFound(query.error) ? null : (
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {ft('retry')}
        </Button>
      )}
      <Link to="/live">{ft('pages.toLive')}</Link>
    </div>
  );
}

function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  const ft = useFormT();
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="form-page__pager" aria-label={ft('pages.pageOf', { page })}>
      <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => onPage(page - 1)}>
        {ft('pages.newer')}
      </Button>
      <span>{ft('pages.pageOf', { page })}</span>
      <Button variant="secondary" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {ft('pages.older')}
      </Button>
    </nav>
  );
}

/** A run's heading: its day, track and race, and its replay when the race has one. */
function RunHead({ run }: { run: HorseRun | RideLine }) {
  const ft = useFormT();
  const day = useDayText()(run.raceDate);
  return (
    <div className="form-run__head">
      <h3 className="form-run__title">
        {day} · {run.track} · {ft('pages.raceNo', { raceNo: run.raceNo })}
      </h3>
      {run.hasReplay ? (
        <Link
          className="btn btn--ghost btn--sm"
          to={replayPath(run.raceId)}
          aria-label={ft('pages.replaySpoken', { raceNo: run.raceNo, date: day })}
          data-testid="run-replay"
        >
          {ft('pages.replay')}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * A horse's page (/horse/:id, issue 34 §3): its details and career figures, and each past run with its
 * track, distance, finish, margin, jockey, weight, the Win dividend when it won, and its replay.
 */
export function HorsePage() {
  const ft = useFormT();
  const id = useIdParam();
  const [page, setPage] = usePageParam();
  const query = useHorsePage(id, page);
  const data = query.data;
  const { t: common } = useTranslation();
  useDocumentTitle(common('common.documentTitle', { title: data?.horse.name ?? ft('pages.horse') }));
  if (!data) {
    return (
      <Page title={ft('pages.horse')} testId="horse-page">
        <PageState query={query} notFound={ft('pages.horseNotFound')} />
      </Page>
    );
  }
  const { horse } = data;
  const last = lastFiveTexts(ft, data.lastFinishes);
  return (
    <Page title={horse.name} className="form-page" testId="horse-page">
      <div className="form-page__columns">
        <section className="form-page__profile" aria-labelledby="form-page-figures">
          <h2 id="form-page-figures">{ft('pages.figures')}</h2>
          {data.firstStarter ? <p className="form-page__tag">{ft('firstStarter')}</p> : null}
          <dl className="form-page__list">
            <Item label={ft('lastFive')}>
              <Spoken {...last} />
            </Item>
            <Item label={ft('career')}>
              <Spoken {...recordTexts(ft, data.career)} />
            </Item>
            <Item label={ft('daysSince')}>
              {data.daysSinceLastRun === null ? '—' : ft('days', { count: data.daysSinceLastRun })}
            </Item>
          </dl>
          <h2>{ft('pages.details')}</h2>
          <dl className="form-page__list">
            {horse.sex ? <Item label={ft('pages.sex')}>{ft(`pages.sexes.${horse.sex}`)}</Item> : null}
            {horse.foalingYear ? <Item label={ft('pages.foaled')}>{horse.foalingYear}</Item> : null}
            {horse.colour ? <Item label={ft('pages.colour')}>{horse.colour}</Item> : null}
            {horse.sire ? <Item label={ft('pages.sire')}>{horse.sire}</Item> : null}
            {horse.dam ? <Item label={ft('pages.dam')}>{horse.dam}</Item> : null}
            {horse.owner ? <Item label={ft('pages.owner')}>{horse.owner}</Item> : null}
            <Item label={ft('trainer')}>
              {horse.trainerId !== null && horse.trainerName !== null ? (
                <Link to={trainerPath(horse.trainerId)}>{horse.trainerName}</Link>
              ) : (
                ft('notKnown')
              )}
            </Item>
          </dl>
        </section>
        <section className="form-page__runs" aria-labelledby="form-page-runs">
          <h2 id="form-page-runs">{ft('pages.runs')}</h2>
          {data.runs.length === 0 ? (
            <p>{ft('pages.noRuns')}</p>
          ) : (
            <ol className="form-runs" data-testid="horse-runs">
              {data.runs.map((run) => (
                <li key={run.raceId} className="form-run" data-testid="horse-run">
                  <RunHead run={run} />
                  <dl className="form-run__figures">
                    <Item label={ft('pages.finish')}>{finishText(ft, run)}</Item>
                    <Item label={ft('pages.distance')}>
                      {run.distanceM === null ? '—' : ft('pages.metres', { distance: run.distanceM })}
                    </Item>
                    <Item label={ft('pages.margin')}>
                      {run.marginLengths === null ? '—' : ft('pages.lengths', { lengths: run.marginLengths })}
                    </Item>
                    <Item label={ft('jockey')}>
                      {run.jockeyId === null ? (
                        run.jockeyName
                      ) : (
                        <Link to={jockeyPath(run.jockeyId)}>{run.jockeyName}</Link>
                      )}
                    </Item>
                    <Item label={ft('weight')}>{run.weightKg === null ? '—' : ft('kg', { kg: run.weightKg })}</Item>
                    {run.winDividend !== null ? <Item label={ft('pages.dividend')}>{run.winDividend}</Item> : null}
                  </dl>
                </li>
              ))}
            </ol>
          )}
          <Pager page={data.page} hasMore={data.hasMore} onPage={setPage} />
        </section>
      </div>
    </Page>
  );
}

/** A jockey's (/jockey/:id) or a trainer's (/trainer/:id) page: their record, last 30 days and recent rides. */
function PersonPage({ who }: { who: 'jockey' | 'trainer' }) {
  const ft = useFormT();
  const id = useIdParam();
  const [page, setPage] = usePageParam();
  const query = usePersonPage(who, id, page);
  const data = query.data;
  const { t: common } = useTranslation();
  const role = ft(who);
  useDocumentTitle(common('common.documentTitle', { title: data?.person.name ?? role }));
  if (!data) {
    return (
      <Page title={role} testId={`${who}-page`}>
        <PageState query={query} notFound={ft(who === 'jockey' ? 'pages.jockeyNotFound' : 'pages.trainerNotFound')} />
      </Page>
    );
  }
  return (
    <Page title={data.person.name} className="form-page" testId={`${who}-page`}>
      <div className="form-page__columns">
        <section className="form-page__profile" aria-labelledby="form-page-figures">
          <h2 id="form-page-figures">{ft('pages.figures')}</h2>
          <dl className="form-page__list">
            <Item label={ft('pages.details')}>{role}</Item>
            {data.person.licenceNo ? <Item label={ft('pages.licence')}>{data.person.licenceNo}</Item> : null}
            <Item label={ft('last30')}>
              <Spoken {...strikeTexts(ft, data.last30Days)} />
            </Item>
            <Item label={ft('career')}>
              <Spoken {...recordTexts(ft, data.career)} />
            </Item>
          </dl>
        </section>
        <section className="form-page__runs" aria-labelledby="form-page-runs">
          <h2 id="form-page-runs">{ft('pages.rides')}</h2>
          {data.rides.length === 0 ? (
            <p>{ft('pages.noRides')}</p>
          ) : (
            <ol className="form-runs" data-testid="person-rides">
              {data.rides.map((ride) => (
                <li key={`${ride.raceId}-${ride.runnerNo}`} className="form-run" data-testid="person-ride">
                  <RunHead run={ride} />
                  <dl className="form-run__figures">
                    <Item label={ft('pages.horse')}>
                      <Link to={horsePath(ride.horseId)}>{ride.horseName}</Link>
                    </Item>
                    <Item label={ft('pages.finish')}>{finishText(ft, ride)}</Item>
                    {who === 'trainer' ? <Item label={ft('jockey')}>{ride.jockeyName}</Item> : null}
                  </dl>
                </li>
              ))}
            </ol>
          )}
          <Pager page={data.page} hasMore={data.hasMore} onPage={setPage} />
        </section>
      </div>
    </Page>
  );
}

export function JockeyPage() {
  return <PersonPage who="jockey" />;
}

export function TrainerPage() {
  return <PersonPage who="trainer" />;
}

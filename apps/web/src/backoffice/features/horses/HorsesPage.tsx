import { useId } from 'react';
import { Link } from 'react-router';
import type { HorseRecord } from '@karera/shared';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useT, type BoT } from '../../i18n/useT.ts';
import { HorseForm } from './HorseForm.tsx';
import { RecordSearch } from './RecordSearch.tsx';
import './records.css';

function horseColumns(t: BoT): Column<HorseRecord>[] {
  const unknown = t('records.horses.unknown');
  return [
    {
      id: 'name',
      header: t('records.horses.col.name'),
      rowHeader: true,
      cell: (horse) => <Link to={`/horses/${horse.id}`}>{horse.name}</Link>,
    },
    {
      id: 'sex',
      header: t('records.horses.col.sex'),
      cell: (horse) => (horse.sex ? t(`records.horses.sexes.${horse.sex}`) : unknown),
    },
    { id: 'foaled', header: t('records.horses.col.foaled'), numeric: true, cell: (h) => h.foalingYear ?? unknown },
    { id: 'colour', header: t('records.horses.col.colour'), cell: (h) => h.colour ?? unknown },
    { id: 'trainer', header: t('records.horses.col.trainer'), cell: (h) => h.trainerName ?? unknown },
    { id: 'owner', header: t('records.horses.col.owner'), cell: (h) => h.owner ?? unknown },
  ];
}

/** Admin: every horse by name, a search by name prefix, and the form that adds one. */
export function HorsesPage() {
  const t = useT();
  const listId = useId();
  const createId = useId();
  return (
    <>
      <PageHeading title={t('records.horses.title')}>
        <Link to="/horses/import" className="bo-back">
          {t('records.nav.import')}
        </Link>
      </PageHeading>
      <p className="bo-muted">{t('records.horses.intro')}</p>
      <div className="bo-records-layout">
        <section className="bo-section" aria-labelledby={listId}>
          <h2 id={listId}>{t('records.horses.listTitle')}</h2>
          <RecordSearch kind="horses">
            {(answer) => (
              <DataTable
                caption={t('records.horses.caption')}
                columns={horseColumns(t)}
                rows={answer.horses}
                rowKey={(horse) => horse.id}
              />
            )}
          </RecordSearch>
        </section>
        <section className="card bo-section" aria-labelledby={createId}>
          <h2 id={createId}>{t('records.horses.createTitle')}</h2>
          <HorseForm
            horse={null}
            submitLabel={t('records.horses.create')}
            onSaved={(horse) => (
              <>
                {t('records.created', { name: horse.name })} <Link to={`/horses/${horse.id}`}>{horse.name}</Link>
              </>
            )}
          />
        </section>
      </div>
    </>
  );
}

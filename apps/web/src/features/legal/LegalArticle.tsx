import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BET_TYPES, formatPeso } from '@karera/shared';
import { Page, Spinner } from '../../components/ui/index.ts';
import { useSiteConfig } from '../../lib/siteConfig.ts';
import { useReferralHref } from '../../lib/useReferralHref.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { documentFor, type LegalBlock, type LocalisedDocument } from './types.ts';

function WinLimitsTable() {
  const { t } = useTranslation();
  return (
    // Focusable so keyboard users can scroll it when it is wider than the screen.
    <div className="table-scroll" role="region" aria-label={t('legal.winningLimitsCaption')} tabIndex={0}>
      <table className="table">
        <caption>{t('legal.winningLimitsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('legal.betType')}</th>
            <th scope="col">{t('legal.code')}</th>
            <th scope="col" className="num">
              {t('legal.minimumBet')}
            </th>
            <th scope="col" className="num">
              {t('legal.winningLimit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {BET_TYPES.map((type) => (
            <tr key={type.code}>
              <th scope="row">{type.name}</th>
              <td>{type.code}</td>
              <td className="num">{formatPeso(type.minBet)}</td>
              <td className="num">{formatPeso(type.winLimit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SupportContact({ text }: { text: string }) {
  const { t } = useTranslation();
  const href = useReferralHref();
  const config = useSiteConfig();
  let contact;
  if (config.isPending) contact = <Spinner label={t('contact.loadingChannels')} />;
  else if (config.isError) contact = <Link to={href('/Contacts')}>{t('footer.contactUs')}</Link>;
  else
    contact = (
      <a href={`mailto:${config.data.supportEmail}`} data-testid="support-email">
        {config.data.supportEmail}
      </a>
    );
  return (
    <p>
      {text} {contact}
    </p>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'p':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'winLimits':
      return <WinLimitsTable />;
    case 'supportContact':
      return <SupportContact text={block.text} />;
  }
}

/** A long-form page (About Us, Terms, Privacy): title, date, contents and sections. */
export function LegalArticle({ content, testId }: { content: LocalisedDocument; testId: string }) {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle();
  const doc = documentFor(content, i18n.resolvedLanguage);
  return (
    <Page title={title} className="page--prose" testId={testId}>
      <p className="prose__updated">{t('legal.lastUpdated', { date: doc.lastUpdated })}</p>
      {doc.intro.map((paragraph) => (
        <p key={paragraph} className="prose__intro">
          {paragraph}
        </p>
      ))}
      {doc.sections.length > 3 ? (
        <nav className="prose__toc" aria-label={t('legal.contents')}>
          <h2 className="prose__toc-title">{t('legal.contents')}</h2>
          <ol>
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {doc.sections.map((section) => (
        <section key={section.id} id={section.id} className="prose__section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.heading}</h2>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
    </Page>
  );
}

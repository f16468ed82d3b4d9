import { useTranslation } from 'react-i18next';
import { SupportChannels } from '../../components/support/SupportChannels.tsx';

/** Telegram, Facebook and the support e-mail, from GET /api/site/config. */
export function ContactChannels() {
  const { t } = useTranslation();
  return (
    <SupportChannels
      className="contact-channels"
      titleId="contact-channels-title"
      texts={{
        title: t('contact.otherChannels'),
        loading: t('contact.loadingChannels'),
        error: t('contact.channelsError'),
        retry: t('common.retry'),
        telegram: t('contact.telegram'),
        facebook: t('contact.facebook'),
        email: t('contact.supportEmail'),
      }}
    />
  );
}

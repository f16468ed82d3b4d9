import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/index.ts';
import { browserStorage, rememberAnnouncement, shouldShowAnnouncement } from './announcement.ts';

/**
 * The one-time announcement (docs/product/screens.md#schedule-and-announcement): a sheet over the bottom of the screen
 * until the player closes it. Non-modal on purpose: the race keeps running behind it and stays usable, and it takes no
 * focus.
 */
export function AnnouncementPopup() {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(() => shouldShowAnnouncement(browserStorage()));
  if (!open) return null;

  function close() {
    rememberAnnouncement(browserStorage());
    setOpen(false);
  }

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="announcement"
      data-testid="announcement"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <h2 id={titleId} className="announcement__title">
        {t('live.announcementTitle')}
      </h2>
      <p id={bodyId} className="announcement__text">
        {t('live.announcement')}
      </p>
      <Button variant="primary" size="sm" onClick={close}>
        {t('live.ok')}
      </Button>
    </div>
  );
}

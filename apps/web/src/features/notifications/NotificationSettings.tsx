import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannelName,
  type NotificationKind,
  type NotificationPreferencesInput,
  type NotificationPreferencesResponse,
} from '@karera/shared';
import { Alert, Button, Spinner } from '../../components/ui/index.ts';
import { usePreferences, useSavePreferences } from './notificationsApi.ts';
import { useNotificationT } from './notificationI18n.ts';
import './notifications.css';

type Choices = Partial<Record<NotificationKind, Partial<Record<NotificationChannelName, boolean>>>>;

function choicesOf(view: NotificationPreferencesResponse): Choices {
  const choices: Choices = {};
  for (const row of view.kinds) {
    choices[row.kind] = Object.fromEntries(row.channels.map((c) => [c.channel, c.enabled]));
  }
  return choices;
}

/**
 * The notification settings on /account (decision 055): per kind a checkbox per channel it may use, quiet hours
 * (Philippine time) and the promotions opt-out. Plain form controls: every one reachable and operable by keyboard.
 */
export function NotificationSettings() {
  const nt = useNotificationT();
  const { i18n } = useTranslation();
  const language = i18n.language === 'fil' ? 'fil' : 'en';
  const preferences = usePreferences();
  const save = useSavePreferences();
  const [choices, setChoices] = useState<Choices>({});
  const [quietOn, setQuietOn] = useState(false);
  const [from, setFrom] = useState('22:00');
  const [to, setTo] = useState('07:00');
  const [optOut, setOptOut] = useState(false);

  useEffect(() => {
    if (!preferences.data) return;
    setChoices(choicesOf(preferences.data));
    setQuietOn(preferences.data.quietHours !== null);
    if (preferences.data.quietHours) {
      setFrom(preferences.data.quietHours.from);
      setTo(preferences.data.quietHours.to);
    }
    setOptOut(preferences.data.marketingOptOut);
  }, [preferences.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: NotificationPreferencesInput = {
      kinds: choices,
      quietHours: quietOn ? { from, to } : null,
      marketingOptOut: optOut,
      language,
    };
    save.mutate(input);
  };

  return (
    <section className="notification-settings" id="notification-settings" aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title" className="menu-section__title">
        {nt('settings.heading')}
      </h2>
      {preferences.isPending ? <Spinner label={nt('settings.loading')} /> : null}
      {preferences.isError ? <Alert tone="error">{nt('inbox.error')}</Alert> : null}
      {preferences.data ? (
        <form onSubmit={submit} data-testid="notification-settings">
          <p className="notification-settings__hint">{nt('settings.intro')}</p>
          <table className="notification-settings__table">
            <thead>
              <tr>
                <th scope="col">{nt('settings.kind')}</th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th scope="col" key={channel}>
                    {nt(`settings.channels.${channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preferences.data.kinds.map((row) => {
                const kindLabel = NOTIFICATION_KINDS[row.kind].label[language];
                return (
                  <tr key={row.kind}>
                    <th scope="row">{kindLabel}</th>
                    {NOTIFICATION_CHANNELS.map((channel) => {
                      const offered = row.channels.some((c) => c.channel === channel);
                      return (
                        <td key={channel}>
                          {offered ? (
                            <input
                              type="checkbox"
                              aria-label={nt('settings.channelFor', {
                                channel: nt(`settings.channels.${channel}`),
                                kind: kindLabel,
                              })}
                              data-testid={`pref-${row.kind}-${channel}`}
                              checked={choices[row.kind]?.[channel] ?? false}
                              onChange={(event) => {
                                const checked = event.currentTarget.checked;
                                setChoices((current) => ({
                                  ...current,
                                  [row.kind]: { ...current[row.kind], [channel]: checked },
                                }));
                              }}
                            />
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <fieldset>
            <legend>{nt('settings.quietHours')}</legend>
            <label className="notification-settings__check">
              <input
                type="checkbox"
                checked={quietOn}
                onChange={(event) => setQuietOn(event.currentTarget.checked)}
                data-testid="pref-quiet-on"
              />
              {nt('settings.quietOn')}
            </label>
            {quietOn ? (
              <div className="notification-settings__times">
                <label>
                  {nt('settings.from')}
                  <input
                    type="time"
                    value={from}
                    required
                    onChange={(event) => setFrom(event.currentTarget.value)}
                    data-testid="pref-quiet-from"
                  />
                </label>
                <label>
                  {nt('settings.to')}
                  <input
                    type="time"
                    value={to}
                    required
                    onChange={(event) => setTo(event.currentTarget.value)}
                    data-testid="pref-quiet-to"
                  />
                </label>
              </div>
            ) : null}
            <p className="notification-settings__hint">{nt('settings.quietHoursHint')}</p>
          </fieldset>
          <fieldset>
            <legend>{nt('settings.marketing')}</legend>
            <label className="notification-settings__check">
              <input
                type="checkbox"
                checked={optOut}
                onChange={(event) => setOptOut(event.currentTarget.checked)}
                data-testid="pref-marketing-opt-out"
              />
              {nt('settings.marketingOptOut')}
            </label>
            <p className="notification-settings__hint">{nt('settings.marketingHint')}</p>
          </fieldset>
          {save.isSuccess ? <Alert tone="success">{nt('settings.saved')}</Alert> : null}
          {save.isError ? <Alert tone="error">{nt('settings.error')}</Alert> : null}
          <Button type="submit" disabled={save.isPending} data-testid="pref-save">
            {nt('settings.save')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}

import type { FieldMetadata } from '@conform-to/react';
import { useState, useSyncExternalStore } from 'react';
import { reportRules } from '~/config/reports';
import { useLocale, useT } from '~/i18n/hooks';
import { intlLocale, numberFormat } from '~/i18n/intl-formats';
import type { Locale } from '~/i18n/locales';

export interface ReportPosition {
  lat: number;
  lon: number;
  /** Metres, as the browser estimates them. */
  accuracy?: number;
}

type Status = 'idle' | 'locating' | 'found' | 'removed' | 'denied' | 'unavailable' | 'timeout';

interface PositionControlProps {
  field: FieldMetadata<{ lat?: unknown; lon?: unknown; accuracy?: unknown } | undefined>;
  position: ReportPosition | null;
  onPosition(position: ReportPosition | null): void;
  /** False on the station terminal: its position is the station's, and nobody there may grant it. */
  enabled: boolean;
}

const noSubscription = () => () => {};
/** The Geolocation API, once the browser runs this component; never on the server. */
function useGeolocation(): Geolocation | null {
  return useSyncExternalStore(
    noSubscription,
    () => (typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null),
    () => null,
  );
}

/**
 * Built only when there is an accuracy to show: the first number format a page builds loads the
 * locale's number data, a long task while the form hydrates that most reports never need.
 */
function formatMeters(meters: number, locale: Locale): string {
  return numberFormat(intlLocale(locale), { maximumFractionDigits: 0 }).format(meters);
}

/**
 * "Use my position": asks the browser for its position (high accuracy, at most 30 s old, 27 s timeout:
 * docs/rules/bike-reports.md#position) and puts it into the hidden `position.lat`, `position.lon` and
 * `position.accuracy` inputs. The coordinates are shown with their accuracy; a refusal, an unknown position
 * or a timeout each get their own message, all in a polite live region.
 *
 * Without JavaScript (or without the Geolocation API) there is no button: the address field and
 * its server-side suggestions are the way to say where.
 */
export function PositionControl({ field, position, onPosition, enabled }: PositionControlProps) {
  const t = useT();
  const locale = useLocale();
  const geolocation = useGeolocation();
  const fieldset = field.getFieldset();
  const [status, setStatus] = useState<Status>(position ? 'found' : 'idle');

  function locate() {
    if (!geolocation) return;
    setStatus('locating');
    geolocation.getCurrentPosition(
      ({ coords }) => {
        onPosition({ lat: coords.latitude, lon: coords.longitude, accuracy: coords.accuracy });
        setStatus('found');
      },
      (error) => {
        setStatus(
          error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable',
        );
      },
      { ...reportRules.geolocation },
    );
  }

  const shown = position ? 'found' : status === 'found' ? 'idle' : status;
  const problem = shown === 'denied' || shown === 'unavailable' || shown === 'timeout';
  const statusText =
    shown === 'found' && position
      ? [
          t('bike-report.position.found', {
            // Decimal degrees with a point, as maps and GPS devices show them in any language.
            coordinates: `${position.lat.toFixed(5)}, ${position.lon.toFixed(5)}`,
          }),
          position.accuracy !== undefined
            ? ` (${t('bike-report.position.accuracy', { meters: formatMeters(position.accuracy, locale) })})`
            : '',
        ].join('')
      : shown === 'locating'
        ? t('bike-report.position.locating')
        : shown === 'removed'
          ? t('bike-report.position.removed')
          : problem
            ? t(`bike-report.position.${shown}`)
            : '';

  return (
    <div className="position">
      <input type="hidden" name={fieldset.lat.name} value={position ? String(position.lat) : ''} />
      <input type="hidden" name={fieldset.lon.name} value={position ? String(position.lon) : ''} />
      <input
        type="hidden"
        name={fieldset.accuracy.name}
        value={position?.accuracy !== undefined ? String(Math.round(position.accuracy)) : ''}
      />
      {enabled && geolocation ? (
        <div className="position__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={locate}
            aria-describedby={`${field.id}-status`}
            disabled={shown === 'locating'}
          >
            {t('bike-report.position.button')}
          </button>
          {position ? (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                onPosition(null);
                setStatus('removed');
              }}
            >
              {t('bike-report.position.remove')}
            </button>
          ) : null}
        </div>
      ) : null}
      <p
        className={`position__status ${problem ? 'field__error' : 'field__hint'}`}
        id={`${field.id}-status`}
        aria-live="polite"
      >
        {statusText}
      </p>
    </div>
  );
}

/** The position the form was sent with (a refused form shows it again), or null. */
export function initialPosition(fieldset: {
  lat: FieldMetadata<number | undefined>;
  lon: FieldMetadata<number | undefined>;
  accuracy: FieldMetadata<number | undefined>;
}): ReportPosition | null {
  const lat = Number(fieldset.lat.initialValue ?? NaN);
  const lon = Number(fieldset.lon.initialValue ?? NaN);
  const accuracy = Number(fieldset.accuracy.initialValue ?? NaN);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return { lat, lon, accuracy: Number.isFinite(accuracy) ? accuracy : undefined };
}

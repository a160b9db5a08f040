// The shopper's analytics consent (issue 43 item 5, 個人資料保護法): asked in a banner, kept in a
// first-party cookie for 180 days, changeable from the footer's 「Cookie 設定」.

export const CONSENT_COOKIE = 'shop_analytics_consent';
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Dispatched on window: the footer asks the banner to open; the banner tells analytics the choice. */
export const OPEN_CONSENT_EVENT = 'shop:open-consent';
export const CONSENT_CHANGED_EVENT = 'shop:consent-changed';

export type Consent = 'granted' | 'denied';

/** The choice in a Cookie header, or null when the shopper has not chosen (or the value is not ours). */
export function consentOf(cookieHeader: string): Consent | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'granted' || value === 'denied')) return value;
  }
  return null;
}

export function consentCookie(choice: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function readConsent(): Consent | null {
  return typeof document === 'undefined' ? null : consentOf(document.cookie);
}

export function saveConsent(choice: Consent): void {
  document.cookie = consentCookie(choice, window.location.protocol === 'https:');
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGED_EVENT, { detail: choice }));
}

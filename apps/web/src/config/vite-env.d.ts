/// <reference types="vite/client" />

/** Build-time settings read by `env.ts`; every one is optional and has a documented default there. */
interface ImportMetaEnv {
  readonly VITE_SERVICE_SITE_URL?: string;
  readonly VITE_MAINTENANCE_HOURS_NEWS_URL?: string;
  readonly VITE_MAINTENANCE_NEWS_URL?: string;
  readonly VITE_NATIVE_APP_UPDATE_URL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_SUPPORT_FAX?: string;
  readonly VITE_SUPPORT_MAIL?: string;
  readonly VITE_IDENTITY_ISSUER?: string;
  readonly VITE_OIDC_CLIENT_ID?: string;
  readonly VITE_OIDC_REDIRECT_URI?: string;
  readonly VITE_IDENTITY_API_URL?: string;
  readonly VITE_PRODUCT_API_URL?: string;
  readonly VITE_ACCOUNT_API_URL?: string;
  readonly VITE_BALANCE_API_URL?: string;
  readonly VITE_GLOBAL_SIGN_OUT?: string;
  readonly VITE_AUTO_LOGOUT_MINUTES?: string;
  readonly VITE_ERROR_REPORTING_DSN?: string;
  readonly VITE_ACCOUNT_OPENING_URL?: string;
  readonly VITE_CARD_ISSUER_AUTHORIZE_URL?: string;
  readonly VITE_CARD_ISSUER_MFA_URL?: string;
  readonly VITE_CARD_ISSUER_CLIENT_ID?: string;
  readonly VITE_ACCOUNT_UPDATE_URL?: string;
  readonly VITE_FAQ_URL?: string;
  /** The operator console (admin build): its provider and client (src/console/auth/console-env.ts). */
  readonly VITE_ADMIN_IDENTITY_ISSUER?: string;
  readonly VITE_ADMIN_OIDC_CLIENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

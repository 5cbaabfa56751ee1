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
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

import { env } from './env';

/**
 * The customer support window (spec §8, §9). The window name appears in the spec's error text and is the
 * first part of every support mail subject; phone, fax and mail address come from the environment.
 */
export const supportContact = Object.freeze({
  windowName: 'セゾン投信お客さま窓口',
  phone: env.supportPhone,
  fax: env.supportFax,
  mailAddress: env.supportMailAddress,
});

/** Support business hours (spec §2 business-hours block, §9). */
export const businessHours = Object.freeze({
  title: '営業時間',
  hours: '9:00〜17:00',
  note: '土日・祝日・年末年始を除く',
});

export * from './calendar/japanese-holidays.ts';
export * from './maintenance/maintenance-window.ts';
export * from './time/jst.ts';

// Entry of the first screen's early calls (decision 030): a bundle of its own, which the server names in
// a screen's document before the app's entry, so the calls go out while the app's code downloads.
import { readApiBaseUrls } from '../config/api-base-urls';
import { askFirstScreenCalls } from './ask-first-screen-calls';

try {
  askFirstScreenCalls(window.location, readApiBaseUrls());
} catch {
  // a setting the app will report itself, or storage that cannot be read: the app asks as usual
}

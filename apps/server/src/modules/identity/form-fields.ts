import { escapeHtml } from '../../html/escape-html.ts';
import { describedBy, fieldError } from './interaction-pages.ts';

/**
 * The fields of the identity service's form pages (sign-up, password reset, account pages) and their
 * error summary: labelled, hinted and linked to their errors the same way on every page.
 */

export interface FormField {
  readonly name: string;
  readonly label: string;
  readonly type: 'text' | 'email' | 'password' | 'date';
  readonly autocomplete: string;
  readonly hint?: string;
  readonly inputmode?: 'numeric';
  readonly value?: string;
  readonly error?: string;
  /** Optional fields (e.g. a passkey's name) are not `required`. */
  readonly optional?: boolean;
}

function fieldId(name: string): string {
  return `field-${name.replaceAll('_', '-')}`;
}

function renderField(field: FormField, autofocus: boolean): string {
  const id = fieldId(field.name);
  const hintId = field.hint === undefined ? undefined : `${id}-hint`;
  const errorId = field.error === undefined ? undefined : `${id}-error`;
  const value =
    field.type === 'password' || field.value === undefined ? '' : ` value="${escapeHtml(field.value)}"`;
  return `<div class="field">
<label for="${id}">${escapeHtml(field.label)}</label>
${field.hint === undefined ? '' : `<span class="hint" id="${hintId}">${escapeHtml(field.hint)}</span>`}
${fieldError(`${id}-error`, field.error)}
<input type="${field.type}" id="${id}" name="${field.name}"${value} autocomplete="${field.autocomplete}"${field.inputmode === undefined ? '' : ` inputmode="${field.inputmode}"`}${field.optional === true ? '' : ' required'}${field.error === undefined ? '' : ' aria-invalid="true"'}${describedBy(hintId, errorId)}${autofocus ? ' autofocus' : ''}>
</div>`;
}

/** The fields, one a line; the first with an error (else the first) takes the focus. */
export function renderFields(fields: readonly FormField[]): string {
  const firstError = fields.findIndex((field) => field.error !== undefined);
  const focus = firstError === -1 ? 0 : firstError;
  return fields.map((field, index) => renderField(field, index === focus)).join('\n');
}

/** The form's error and the fields' errors at the top of the page, each linked to its field. */
export function errorSummary(fields: readonly FormField[], formError: string | undefined): string {
  const items = [
    ...(formError === undefined ? [] : [`<li>${escapeHtml(formError)}</li>`]),
    ...fields
      .filter((field) => field.error !== undefined)
      .map((field) => `<li><a href="#${fieldId(field.name)}">${escapeHtml(field.error ?? '')}</a></li>`),
  ];
  if (items.length === 0) return '';
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">入力内容をご確認ください</h2>
<ul>${items.join('')}</ul>
</div>`;
}

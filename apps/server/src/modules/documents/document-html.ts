import { formatYen } from '@fund/domain';
import { escapeHtml } from '../../html/escape-html.ts';

/**
 * The markup every issued document (電子交付書面) is made of: an HTML fragment with a heading, the
 * addressee and tables, every value escaped, classes only (no style attribute, no script: the pages that
 * show it send a CSP without inline styles). The page serving it adds the frame and the stylesheet.
 */

export type DocumentRow = readonly [label: string, value: string];

export interface DocumentAddressee {
  /** 氏名 or 商号 as registered. */
  readonly name: string;
  /** 口座番号. */
  readonly accountNumber: string;
}

/** 様 after a person's name; a corporation's 商号 is addressed 御中. */
export function addresseeName(customer: {
  lastName: string;
  firstName: string;
  accountRole: string;
}): string {
  if (customer.accountRole === 'CORPORATION' || customer.firstName === '') return `${customer.lastName} 御中`;
  return `${customer.lastName} ${customer.firstName} 様`;
}

/** A 源泉徴収税額: a negative one is a refund, shown as such (「1,234円（還付）」). */
export function withheldTaxText(value: bigint): string {
  return value < 0n ? `${formatYen(-value)}（還付）` : formatYen(value);
}

/** A table of label / value rows (th scope="row"), e.g. the figures of one trade. */
export function rowTable(rows: readonly DocumentRow[], className = 'document-rows'): string {
  return [
    `<table class="${className}">`,
    '<tbody>',
    ...rows.map(
      ([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</tbody>',
    '</table>',
  ].join('\n');
}

/** A table with a header row and one row per item (holdings, sales); `empty` when there is none. */
export function listTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  empty: string,
): string {
  if (rows.length === 0) return `<p class="document-empty">${escapeHtml(empty)}</p>`;
  return [
    '<table class="document-list">',
    `<thead><tr>${headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`),
    '</tbody>',
    '</table>',
  ].join('\n');
}

/** The whole fragment: heading, lead text, 交付日 and addressee, then the document's sections. */
export function documentFragment(input: {
  readonly heading: string;
  readonly lead: string;
  readonly issuedOn: string;
  readonly addressee: DocumentAddressee;
  readonly sections: readonly string[];
}): string {
  return [
    '<article class="delivered-document">',
    `<h2>${escapeHtml(input.heading)}</h2>`,
    rowTable(
      [
        ['交付日', input.issuedOn],
        ['お客さま', input.addressee.name],
        ['口座番号', input.addressee.accountNumber],
      ],
      'document-addressee',
    ),
    `<p class="document-lead">${escapeHtml(input.lead)}</p>`,
    ...input.sections,
    '</article>',
  ].join('\n');
}

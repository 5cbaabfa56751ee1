import { ApiError } from '../../lib/api/api-client';
import { ApiErrorMessage } from '../../lib/api/error-messages';

export type AgentFormField =
  'lastName' | 'firstName' | 'lastNameKana' | 'firstNameKana' | 'relationship' | 'currentPassword';

const formFields: ReadonlySet<string> = new Set<AgentFormField>([
  'lastName',
  'firstName',
  'lastNameKana',
  'firstNameKana',
  'relationship',
  'currentPassword',
]);

export interface AgentRefusal {
  /** Sentences to show at their fields (a wrong current password, a relationship the kind does not take). */
  readonly fields: readonly { readonly field: AgentFormField; readonly message: string }[];
  /** What belongs to no field (a locked sign-in, a failure); null when every sentence has its field. */
  readonly form: string | null;
}

function fieldsOf(body: unknown): { field: AgentFormField; message: string }[] {
  if (typeof body !== 'object' || body === null || !('fields' in body) || !Array.isArray(body.fields))
    return [];
  return body.fields.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { field, message } = entry as { field?: unknown; message?: unknown };
    return typeof field === 'string' && formFields.has(field) && typeof message === 'string'
      ? [{ field: field as AgentFormField, message }]
      : [];
  });
}

/** The server's refusal of `PUT /v6/agent`, split into the form's fields and the rest. */
export function agentRefusalOf(error: unknown): AgentRefusal {
  if (!(error instanceof ApiError)) return { fields: [], form: ApiErrorMessage.network };
  const fields = fieldsOf(error.body);
  if (fields.length > 0) return { fields, form: null };
  return { fields: [], form: error.detail === '' ? ApiErrorMessage.server : error.detail };
}
